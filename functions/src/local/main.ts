/**
 * `npm run backend` (and started by `npm start` / `npm run serve`): the local contact backend.
 * Settings from the environment: BACKEND_PORT (5001), DATA_DIR (.data), SMTP_URL, CONTACT_TO,
 * CONTACT_FROM, RETRY_INTERVAL_MS, RATE_LIMIT_*, MAX_BODY_BYTES.
 */
import { existsSync } from 'node:fs';
import { startLocalBackend } from './backend';

// The same files Vite reads; a variable already in the environment wins.
for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);

const backend = await startLocalBackend({
  port: Number(process.env.BACKEND_PORT || 5001),
  dataDir: process.env.DATA_DIR || '.data',
  smtpUrl: process.env.SMTP_URL || undefined,
  retryIntervalMs: Number(process.env.RETRY_INTERVAL_MS || 60_000),
});
const where = process.env.SMTP_URL ? 'SMTP_URL' : `${backend.outboxDir}/*.eml`;
console.log(
  `Contact backend: ${backend.origin}/<project>/us-central1/sendContactEmail (mail: ${where})`,
);
process.send?.({ ready: backend.origin });

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await backend.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// The parent (npm start / npm run serve) closes the pipe when it goes: never outlive it.
if (process.send) process.on('disconnect', () => void shutdown());
