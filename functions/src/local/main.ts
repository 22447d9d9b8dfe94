/** `npm run backend`: the local contact backend, set from the environment (.env.example). */
import './setup';
import { CONTACT_CALLABLE, FUNCTIONS_REGION } from '../../../src/contract/callable';
import { LOCAL_PROJECT_ID } from '../../../src/contract/project';
import { startAuthEmulator, type AuthEmulator } from './authEmulator';
import { startLocalBackend } from './backend';
import { openLocalStore, storeKind } from './localStore';

const dataDir = process.env.DATA_DIR || '.data';
const projectId = process.env.VITE_FIREBASE_PROJECT_ID?.trim() || LOCAL_PROJECT_ID;
// The inbox's sign-in: the Auth emulator, unless one runs already or AUTH_EMULATOR=off. It starts
// beside the backend; the backend says it is ready once both are.
let auth: AuthEmulator | null = null;
let authStarting: Promise<AuthEmulator> | null = null;
if (!process.env.FIREBASE_AUTH_EMULATOR_HOST && process.env.AUTH_EMULATOR?.trim() !== 'off') {
  if (!projectId.startsWith('demo-'))
    throw new Error(`The local backend runs on a demo- project only, not ${projectId}`);
  authStarting = startAuthEmulator({
    projectId,
    port: Number(process.env.AUTH_EMULATOR_PORT || 9099),
    onLink: (link) => console.log(`Inbox sign-in link (a real project mails it): ${link}`),
  });
}
const local = await openLocalStore({ kind: storeKind(), dataDir });
const stopAll = async () => {
  await local.close();
  await (authStarting ? authStarting.then((a) => a.stop()).catch(() => {}) : undefined);
};
const backend = await startLocalBackend({
  port: Number(process.env.BACKEND_PORT || 5001),
  dataDir,
  smtpUrl: process.env.SMTP_URL || undefined,
  retryIntervalMs: Number(process.env.RETRY_INTERVAL_MS || 60_000),
  store: local.store,
  projectId,
}).catch(async (error: unknown) => {
  await stopAll();
  throw error;
});
if (authStarting) {
  auth = await authStarting.catch(async (error: unknown) => {
    await backend.close();
    await local.close();
    throw error;
  });
  // firebase-admin then takes the emulator's ID tokens, which are unsigned.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
}
const where = process.env.SMTP_URL ? 'SMTP_URL' : `${backend.outboxDir}/*.eml`;
console.log(
  `Contact backend: ${backend.origin}/<project>/${FUNCTIONS_REGION}/${CONTACT_CALLABLE} (store: ${local.where}; mail: ${where})`,
);
if (auth)
  console.log(
    `Auth emulator: ${auth.host}; inbox sign-in links are printed here as they are made.`,
  );
process.send?.({ ready: backend.origin, auth: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? null });

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await backend.close();
  await local.close();
  await auth?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// The parent (npm start / npm run serve) closes the pipe when it goes: never outlive it.
if (process.send) process.on('disconnect', () => void shutdown());
