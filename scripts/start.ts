/**
 * `npm start`: the dev site at http://localhost:5173 with hot reload, and the local contact
 * backend it talks to (http://127.0.0.1:5001, messages under .data/). Ctrl-C stops both.
 */
import { createServer } from 'vite';
import { startBackendProcess, stopTogether } from '../functions/src/local/process';

const backend = await startBackendProcess();
// The dev client talks to this backend unless told otherwise.
process.env.VITE_FUNCTIONS_EMULATOR ||= backend.origin.replace('http://', '');
const vite = await createServer({ server: { port: 5173, strictPort: true, host: '127.0.0.1' } });
await vite.listen();
vite.printUrls();

stopTogether(backend, () => vite.close(), 'dev site');
