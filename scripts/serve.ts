/**
 * `npm run serve`: the production build in dist/ at http://localhost:4173, served with the
 * headers of firebase.json, as Firebase Hosting would.
 */
import { startHosting } from './hosting';

const port = Number(process.env.SERVE_PORT ?? 4173);
const root = process.env.DIST_DIR ?? 'dist';

const hosting = await startHosting({ root, port, host: process.env.SERVE_HOST ?? '127.0.0.1' });
console.log(`Site: http://localhost:${port} (serving ${root}/)`);

function shutdown() {
  hosting.close();
  hosting.closeAllConnections();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
