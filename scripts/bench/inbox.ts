/** The studio's inbox at 10,000 messages on both stores, timed as its page calls it. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { sendSignInLinkToEmail, signInWithEmailLink } from 'firebase/auth';
import { FUNCTIONS_REGION } from '../../src/contract/callable';
import { INBOX_CALLABLE, type InboxRequest } from '../../src/contract/inbox';
import { LOCAL_PROJECT_ID } from '../../src/contract/project';
import { startAuthEmulator } from '../../functions/src/local/authEmulator';
import { startLocalBackend } from '../../functions/src/local/backend';
import { openLocalStore } from '../../functions/src/local/localStore';
import { backendSettings } from '../../functions/src/settings';
import { pendingDelivery, withDerived, type ContactStore } from '../../functions/src/store/types';
import { median } from '../../src/shared/stats';

const OWNER = 'owner@bench.test';

/** Message `i` of 10,000: one in a hundred mentions a kiosk, which the search looks for. */
const record = (i: number, now: number) =>
  withDerived({
    id: `bench-${String(i).padStart(6, '0')}-inbox-message`,
    name: `Visitor ${i}`,
    email: `visitor${i}@example.org`,
    message: `Message ${i}: we would like an app for our ${i % 100 ? 'shop' : 'kiosk'}, with a calendar and photos.`,
    fingerprint: 'f'.repeat(64),
    receivedAt: new Date(now - i * 60_000).toISOString(),
    clientHash: 'c'.repeat(64),
    delivery: { ...pendingDelivery(false), state: 'delivered', attempts: 1 },
    ...(i % 3 === 0 && { handledAt: new Date(now).toISOString() }),
  });

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
  // The file store's records written straight: the seeding is no part of what is timed.
  for (let i = 0, now = Date.now(); i < 10_000; i += 200) {
    const slice = Array.from({ length: 200 }, (_, j) => record(i + j, now));
    const file = (r: (typeof slice)[number]) => join(dir, 'messages', `${r.id}.json`);
    await Promise.all(
      slice.flatMap((r) => [firestore.store.create(r), writeFile(file(r), JSON.stringify(r))]),
    );
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
  if (!res.ok) throw new Error(`The inbox answered ${res.status}: ${body.slice(0, 200)}`);
  return performance.now() - started;
}

/** One sample: on each store, the median of five calls of a page of New, and of a search. */
export async function inboxBench(): Promise<Record<string, number>> {
  const { backends, token } = await (setup ??= prepare());
  const calls: Record<string, InboxRequest> = {
    PageMs: { op: 'list', folder: 'new', query: '', cursor: null },
    SearchMs: { op: 'list', folder: 'all', query: 'kiosk calendar', cursor: null },
  };
  const figures: Record<string, number> = {};
  for (const [store, { origin }] of Object.entries(backends))
    for (const [figure, request] of Object.entries(calls)) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) times.push(await timed(origin, token, request));
      figures[store + figure] = median(times);
    }
  return figures;
}

/** Stops what the inbox bench started, if it ran. */
export async function stopInboxBench(): Promise<void> {
  await (await setup)?.stop();
  setup = undefined;
}
