/**
 * `npm run serve`: the production build in dist/ at http://localhost:4173, served with the
 * headers of firebase.json, as Firebase Hosting would, and the local contact backend it talks
 * to (http://127.0.0.1:5001), whose origin the served CSP allows. Ctrl-C stops both.
 * Env: SERVE_PORT, SERVE_HOST, DIST_DIR, BACKEND_PORT, DATA_DIR, SMTP_URL (see .env.example).
 */
import { startBackendProcess } from '../functions/src/local/process';
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

let closing = false;
async function shutdown(code = 0) {
  if (closing) return;
  closing = true;
  hosting.close();
  hosting.closeAllConnections();
  await backend.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
backend.child.once('exit', () => {
  if (!closing) console.error('The contact backend stopped; stopping the site too.');
  void shutdown(1);
});
