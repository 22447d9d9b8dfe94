/** The studio's inbox at 10,000 messages on both stores, timed as its page calls it. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  sendSignInLinkToEmail,
  signInWithEmailLink,
} from 'firebase/auth';
import { FUNCTIONS_REGION } from '../../src/contract/callable';
import { INBOX_CALLABLE, type InboxRequest } from '../../src/contract/inbox';
import { LOCAL_PROJECT_ID } from '../../src/contract/project';
import { startAuthEmulator } from '../../functions/src/local/authEmulator';
import { startLocalBackend } from '../../functions/src/local/backend';
import { openLocalStore } from '../../functions/src/local/localStore';
import { backendSettings } from '../../functions/src/settings';
import {
  pendingDelivery,
  withDerived,
  type ContactRecord,
  type ContactStore,
} from '../../functions/src/store/types';
import { median } from '../../src/shared/stats';

/** Messages stored before timing. */
const INBOX_MESSAGES = 10_000;
const OWNER = 'owner@bench.test';
/** Calls of each kind a sample times; the sample is their median. */
const CALLS = 5;

/** A plausible message; one in a hundred mentions a kiosk, which the search looks for. */
function record(i: number, now: number): ContactRecord {
  const id = `bench-${String(i).padStart(6, '0')}-inbox-message`;
  return withDerived({
    id,
    name: `Visitor ${i}`,
    email: `visitor${i}@example.org`,
    message: `Message ${i}: we would like an app for our ${i % 100 === 0 ? 'kiosk' : 'shop'}, with a calendar and photos.`,
    fingerprint: 'f'.repeat(64),
    receivedAt: new Date(now - i * 60_000).toISOString(),
    clientHash: 'c'.repeat(64),
    delivery: { ...pendingDelivery(false), state: 'delivered', attempts: 1 },
    ...(i % 3 === 0 && { handledAt: new Date(now).toISOString() }),
  });
}

/** An owner's ID token, signed in by email link through the web SDK as the inbox page signs in. */
async function ownerToken(host: string, link: Promise<string>): Promise<string> {
  const app = initializeApp({ apiKey: 'bench-key', projectId: LOCAL_PROJECT_ID }, 'bench-inbox');
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${host}`, { disableWarnings: true });
  await sendSignInLinkToEmail(auth, OWNER, {
    url: 'http://localhost/inbox',
    handleCodeInApp: true,
  });
  const { user } = await signInWithEmailLink(auth, OWNER, await link);
  return user.getIdToken().finally(() => deleteApp(app));
}

let setup: ReturnType<typeof prepare> | undefined;

/** Both stores filled, a backend on each, and an owner's token: once for the whole bench run. */
async function prepare() {
  let onLink: (link: string) => void = () => {};
  const link = new Promise<string>((resolve) => (onLink = resolve));
  const auth = await startAuthEmulator({ projectId: LOCAL_PROJECT_ID, port: 0, onLink });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  // A Firestore emulator of its own (unless FIRESTORE_EMULATOR_HOST names one), as STORE=firestore.
  const firestore = await openLocalStore({ kind: 'firestore', dataDir: tmpdir() });
  const dir = await mkdtemp(join(tmpdir(), 'bench-inbox-'));
  await mkdir(join(dir, 'messages'));
  const now = Date.now();
  const records = Array.from({ length: INBOX_MESSAGES }, (_, i) => record(i, now));
  // The file store's records written straight: the seeding is no part of what is timed.
  for (let i = 0; i < records.length; i += 200) {
    const slice = records.slice(i, i + 200);
    await Promise.all([
      ...slice.map((r) => firestore.store.create(r)),
      ...slice.map((r) => writeFile(join(dir, 'messages', `${r.id}.json`), JSON.stringify(r))),
    ]);
  }
  const settings = backendSettings({});
  const start = (store?: ContactStore) =>
    startLocalBackend({
      port: 0,
      dataDir: dir,
      settings,
      store,
      owners: [OWNER],
      projectId: LOCAL_PROJECT_ID,
      retryIntervalMs: 3_600_000,
    });
  const backends = { file: await start(), firestore: await start(firestore.store) };
  return {
    backends,
    token: await ownerToken(auth.host, link),
    async stop() {
      for (const backend of Object.values(backends)) await backend.close();
      await firestore.close();
      await auth.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The time of one call, in ms, from request to the whole answer read. */
async function timed(origin: string, token: string, request: InboxRequest): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/${LOCAL_PROJECT_ID}/${FUNCTIONS_REGION}/${INBOX_CALLABLE}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: request }),
  });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`The inbox answered ${res.status}: ${body.slice(0, 200)}`);
  return ms;
}

/** One sample: the median page and search time on each store. */
export async function inboxBench(): Promise<Record<string, number>> {
  const { backends, token } = await (setup ??= prepare());
  const figures: Record<string, number> = {};
  const calls: Record<string, InboxRequest> = {
    PageMs: { op: 'list', folder: 'new', query: '', cursor: null },
    SearchMs: { op: 'list', folder: 'all', query: 'kiosk calendar', cursor: null },
  };
  for (const [store, backend] of Object.entries(backends))
    for (const [figure, request] of Object.entries(calls)) {
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) times.push(await timed(backend.origin, token, request));
      figures[store + figure] = median(times);
    }
  return figures;
}

/** Stops what the inbox bench started, if it ran. */
export async function stopInboxBench(): Promise<void> {
  await (await setup)?.stop();
  setup = undefined;
}
