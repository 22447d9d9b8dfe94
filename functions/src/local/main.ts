/** `npm run backend`: the local contact backend, set from the environment (.env.example). */
import './setup';
import { CONTACT_CALLABLE, FUNCTIONS_REGION } from '../../../src/contract/callable';
import { startLocalBackend } from './backend';
import { openLocalStore, storeKind } from './localStore';

const dataDir = process.env.DATA_DIR || '.data';
const local = await openLocalStore({ kind: storeKind(), dataDir });
const backend = await startLocalBackend({
  port: Number(process.env.BACKEND_PORT || 5001),
  dataDir,
  smtpUrl: process.env.SMTP_URL || undefined,
  retryIntervalMs: Number(process.env.RETRY_INTERVAL_MS || 60_000),
  store: local.store,
}).catch(async (error: unknown) => {
  await local.close();
  throw error;
});
const where = process.env.SMTP_URL ? 'SMTP_URL' : `${backend.outboxDir}/*.eml`;
console.log(
  `Contact backend: ${backend.origin}/<project>/${FUNCTIONS_REGION}/${CONTACT_CALLABLE} (store: ${local.where}; mail: ${where})`,
);
process.send?.({ ready: backend.origin });

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await backend.close();
  await local.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// The parent (npm start / npm run serve) closes the pipe when it goes: never outlive it.
if (process.send) process.on('disconnect', () => void shutdown());
