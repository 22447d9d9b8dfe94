/**
 * `npm start`: the dev site at http://localhost:5173 with hot reload.
 */
import { createServer } from 'vite';

const vite = await createServer({ server: { port: 5173, strictPort: true, host: '127.0.0.1' } });
await vite.listen();
vite.printUrls();

async function shutdown() {
  await vite.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
