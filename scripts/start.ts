/**
 * `npm start`: the dev site (Vite, hot reload) at http://localhost:DEV_PORT (5173) and the local
 * contact backend, whose callable the dev server forwards from its own origin (server.proxy in
 * vite.config.ts). Ctrl-C stops both.
 */
import { createServer } from 'vite';
import { startBackendProcess, stopTogether } from '../functions/src/local/process';

const backend = await startBackendProcess();
// vite.config.ts forwards the callable to this port, and the inbox's sign-in to the emulator.
process.env.BACKEND_PORT = new URL(backend.origin).port;
if (backend.auth) process.env.FIREBASE_AUTH_EMULATOR_HOST = backend.auth;
const port = Number(process.env.DEV_PORT || 5173);
const vite = await createServer({ server: { port, strictPort: true, host: '127.0.0.1' } });
await vite.listen();
vite.printUrls();
if (backend.auth)
  console.log(
    `  Inbox: http://localhost:${port}/inbox (its sign-in links appear in this terminal)`,
  );

stopTogether(backend, () => vite.close(), 'dev site');
