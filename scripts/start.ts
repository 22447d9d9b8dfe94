/**
 * `npm start`: the dev site (Vite, hot reload) at http://localhost:DEV_PORT (5173) and the local
 * contact backend, whose callable the dev server forwards from its own origin (server.proxy in
 * vite.config.ts). Ctrl-C stops both.
 */
import { createServer } from 'vite';
import { startBackendProcess, stopTogether } from '../functions/src/local/process';

const backend = await startBackendProcess();
// vite.config.ts forwards the callable to this port.
process.env.BACKEND_PORT = new URL(backend.origin).port;
const port = Number(process.env.DEV_PORT || 5173);
const vite = await createServer({ server: { port, strictPort: true, host: '127.0.0.1' } });
await vite.listen();
vite.printUrls();

stopTogether(backend, () => vite.close(), 'dev site');
