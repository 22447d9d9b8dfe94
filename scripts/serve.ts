/**
 * `npm run serve`: the production build in dist/ at http://localhost:4173, served with the
 * headers of firebase.json, as Firebase Hosting would, and the local contact backend it talks
 * to (http://127.0.0.1:5001), whose origin the served CSP allows. Ctrl-C stops both.
 * Env: SERVE_PORT, SERVE_HOST, DIST_DIR, BACKEND_PORT, DATA_DIR, SMTP_URL (see .env.example).
 */
import { startBackendProcess, stopTogether } from '../functions/src/local/process';
import { startHosting } from './hosting';

const port = Number(process.env.SERVE_PORT ?? 4173);
const root = process.env.DIST_DIR ?? 'dist';

const backend = await startBackendProcess();
const hosting = await startHosting({
  root,
  port,
  host: process.env.SERVE_HOST ?? '127.0.0.1',
  connectSrc: [backend.origin],
});
console.log(`Site: http://localhost:${port} (serving ${root}/)`);

stopTogether(
  backend,
  () => {
    hosting.close();
    hosting.closeAllConnections();
  },
  'site',
);
