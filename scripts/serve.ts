/**
 * `npm run serve`: the production build as Firebase Hosting serves it (scripts/hosting.ts) at
 * http://localhost:SERVE_PORT, and the local contact backend, whose callable the site forwards
 * from its own origin. Ctrl-C stops both. Env: see .env.example.
 */
import { startBackendProcess, stopTogether } from '../functions/src/local/process';
import { startHosting } from './hosting';

const port = Number(process.env.SERVE_PORT || 4173);
const root = process.env.DIST_DIR || 'dist';

const backend = await startBackendProcess();
const hosting = await startHosting({
  root,
  port,
  host: process.env.SERVE_HOST || '127.0.0.1',
  backend: backend.origin,
  // A build made with VITE_FUNCTIONS_EMULATOR calls the backend directly.
  connectSrc: [backend.origin],
  authEmulator: backend.auth,
});
console.log(`Site: http://localhost:${port} (serving ${root}/)`);
if (backend.auth)
  console.log(`Inbox: http://localhost:${port}/inbox (its sign-in links appear in this terminal)`);

stopTogether(
  backend,
  () => {
    hosting.close();
    hosting.closeAllConnections();
  },
  'site',
);
