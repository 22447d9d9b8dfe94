/**
 * `npm run backend` (and started by `npm start` / `npm run serve`): the local contact backend.
 * Settings from the environment: BACKEND_PORT (5001), DATA_DIR (.data), SMTP_URL, CONTACT_TO,
 * CONTACT_FROM, RETRY_INTERVAL_MS, RATE_LIMIT_*, MAX_BODY_BYTES.
 */
import { startLocalBackend } from './backend';

const backend = await startLocalBackend({
  port: Number(process.env.BACKEND_PORT ?? 5001),
  dataDir: process.env.DATA_DIR ?? '.data',
  smtpUrl: process.env.SMTP_URL,
  retryIntervalMs: Number(process.env.RETRY_INTERVAL_MS ?? 60_000),
});
const where = process.env.SMTP_URL ? 'SMTP_URL' : `${backend.outboxDir}/*.eml`;
console.log(`Contact backend: ${backend.origin}/<project>/us-central1/sendContactEmail (mail: ${where})`);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await backend.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
// The parent (npm start / npm run serve) closes the pipe when it goes: never outlive it.
if (process.send) process.on('disconnect', shutdown);
