/**
 * The proof-of-work challenge on both stores: the file store, and FirestoreStore on the Firestore
 * emulator the unit project started. The real web SDK asks the real `contactChallenge` callable for
 * a challenge, altcha-lib solves it in Node, and the real `sendContactEmail` checks it over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib';
import {
  CONTACT_REFUSALS,
  SENT,
  type ChallengeRefusal,
  type ContactPayload,
} from '../../src/contract/contact';
import { backendSettings } from '../src/settings';
import {
  sdkCallable,
  solve,
  startHarness,
  startSmtp,
  tempDir,
  TEST_CHALLENGE_SECRET,
  testSettings,
} from './harness';

const CHALLENGE_FIELD = 'challenge' satisfies keyof ContactPayload;
import { openStore, storeKits } from './storeKits';

const KITS = storeKits('challenge');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A clock the test moves: the backend's challenges expire on it. */
function clock(at = Date.now()) {
  let t = at;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

let keys = 0;
const message = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
  idempotencyKey: `challenge-${String(++keys).padStart(6, '0')}-${randomUUID()}`,
  website: '',
});

/** How a call was refused, as the form sees it: the SDK's code, the reason, the message. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code: string; message: string; details?: { reason?: string } };
    return { code: e.code, reason: e.details?.reason, message: e.message };
  }
  throw new Error('The call succeeded');
}

const refused = (reason: ChallengeRefusal) => ({
  code: 'functions/failed-precondition',
  reason,
  message: `${CONTACT_REFUSALS[reason]} [400]`,
});

/** A solved challenge's field with its payload changed by `edit`. */
function edited(
  field: string,
  edit: (payload: {
    challenge: Challenge;
    solution: { counter: number; derivedKey: string };
  }) => void,
) {
  const payload = JSON.parse(Buffer.from(field, 'base64').toString('utf8'));
  edit(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

describe.each(KITS)('on the $name', { timeout: 30_000 }, (kit) => {
  async function backend(options: { now?: () => Date; env?: Record<string, string> } = {}) {
    const opened = await openStore(kit);
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const settings = options.env
      ? backendSettings({ CHALLENGE_SECRET: TEST_CHALLENGE_SECRET, ...options.env })
      : testSettings();
    const h = await startHarness({
      dataDir: opened.dataDir,
      store: opened.store,
      smtpUrl: smtp.url,
      settings: { ...testSettings(), challenge: settings.challenge },
      now: options.now,
      retryIntervalMs: 3_600_000,
    });
    cleanups.push(h.close);
    const nothingKept = async () => {
      expect(await opened.store.list()).toEqual([]);
      expect(smtp.received).toEqual([]);
    };
    return { h, store: opened.store, smtp, nothingKept };
  }

  it('accepts a message with a solved challenge once; its copies too, another message never', async () => {
    const { h, store, smtp } = await backend();
    const solved = await h.solved();
    const first = message();
    await expect(h.call({ ...first, [CHALLENGE_FIELD]: solved })).resolves.toEqual({
      success: true,
      message: SENT,
    });
    // A copy of that message (the network repeated it) gets the first answer and no second mail.
    await expect(h.call({ ...first, [CHALLENGE_FIELD]: solved })).resolves.toEqual({
      success: true,
      message: SENT,
    });
    const other = message();
    await expect(refusal(h.call({ ...other, [CHALLENGE_FIELD]: solved }))).resolves.toEqual(
      refused('challenge-reused'),
    );
    expect((await store.list()).map((r) => r.id)).toEqual([first.idempotencyKey]);
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(await store.get(other.idempotencyKey)).toBeNull();
  });

  it('lets one of racing messages with one solution through, and refuses the rest', async () => {
    const { h, store } = await backend();
    const solved = await h.solved();
    const answers = await Promise.allSettled(
      Array.from({ length: 6 }, () => h.call({ ...message(), [CHALLENGE_FIELD]: solved })),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of answers.filter((a) => a.status === 'rejected'))
      expect((a as PromiseRejectedResult).reason.details).toEqual({ reason: 'challenge-reused' });
    expect(await store.list()).toHaveLength(1);
  });

  it('refuses a message without a challenge with 400 and a code of its own; keeps nothing', async () => {
    const { h, nothingKept } = await backend();
    await expect(refusal(h.callBare(message()))).resolves.toEqual(refused('challenge-missing'));
    await expect(refusal(h.callBare({ ...message(), [CHALLENGE_FIELD]: '' }))).resolves.toEqual(
      refused('challenge-missing'),
    );
    const raw = await h.post(JSON.stringify({ data: message() }));
    expect(raw).toMatchObject({
      status: 400,
      json: {
        error: {
          status: 'FAILED_PRECONDITION',
          message: CONTACT_REFUSALS['challenge-missing'],
          details: { reason: 'challenge-missing' },
        },
      },
    });
    await nothingKept();
  });

  it('refuses a wrong solution, a changed challenge, another secret and garbage; keeps nothing', async () => {
    const { h, nothingKept } = await backend();
    const wrong = [
      // The derived key is the proof (its signature is in the challenge); one digit off.
      edited(
        await h.solved(),
        (p) =>
          void (p.solution.derivedKey = p.solution.derivedKey.replace(/^./, (d) =>
            d === '0' ? '1' : '0',
          )),
      ),
      edited(await h.solved(), (p) => void (p.solution.derivedKey = '00'.repeat(32))),
      edited(await h.solved(), (p) => void (p.challenge.parameters.cost = 1_000_000)),
      edited(await h.solved(), (p) => void (p.challenge.parameters.data = { expires: 9e15 })),
      edited(
        await h.solved(),
        (p) => void delete (p.challenge.parameters as { keySignature?: string }).keySignature,
      ),
      'not base64 JSON',
      Buffer.from('{"challenge":1}').toString('base64'),
      'A'.repeat(5000),
    ];
    // Signed with a secret that is not the backend's.
    const elsewhere = await backend({
      env: { CHALLENGE_SECRET: 'another-secret', CHALLENGE_COST: '1' },
    });
    wrong.push(await elsewhere.h.solved());
    for (const field of wrong)
      await expect(
        refusal(h.callBare({ ...message(), [CHALLENGE_FIELD]: field })),
        field.slice(0, 40),
      ).resolves.toEqual(refused('challenge-invalid'));
    await nothingKept();
  });

  it('refuses a challenge solved after it expired, on the backend clock', async () => {
    const time = clock();
    const { h, nothingKept } = await backend({ now: time.now });
    const solved = await h.solved();
    time.advance(backendSettings({}).challenge!.ttlMs - 1000);
    const early = await h.solved();
    time.advance(1000);
    await expect(refusal(h.call({ ...message(), [CHALLENGE_FIELD]: solved }))).resolves.toEqual(
      refused('challenge-expired'),
    );
    await nothingKept();
    // One issued later is still good.
    await expect(h.call({ ...message(), [CHALLENGE_FIELD]: early })).resolves.toMatchObject({
      success: true,
    });
  });

  it('with CHALLENGE=off hands out no challenge and takes a message without one', async () => {
    const { h, store } = await backend({ env: { CHALLENGE: 'off' } });
    const sdk = sdkCallable(h.backend.port);
    cleanups.push(sdk.close);
    await expect(sdk.challenge()).resolves.toBeNull();
    await expect(h.callBare(message())).resolves.toEqual({ success: true, message: SENT });
    expect(await store.list()).toHaveLength(1);
  });
});

describe('the default challenge', () => {
  it('is on, PBKDF2-SHA-256 at the default cost, signed, and solvable by altcha-lib', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const settings = backendSettings({ CHALLENGE_SECRET: TEST_CHALLENGE_SECRET });
    expect(settings.challenge).toMatchObject({ cost: 5_000, maxCounter: 100 });
    expect(backendSettings({}).challenge?.secret).toMatch(/dev-only/);
    const h = await startHarness({
      dataDir: dir.path,
      settings: { ...testSettings(), challenge: settings.challenge },
    });
    cleanups.push(h.close);
    const sdk = sdkCallable(h.backend.port);
    cleanups.push(sdk.close);
    const challenge = await sdk.challenge();
    expect(challenge?.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 5_000 });
    expect(challenge?.signature).toMatch(/^[0-9a-f]{64}$/);
    await expect(
      h.callBare({ ...message(), [CHALLENGE_FIELD]: await solve(challenge!) }),
    ).resolves.toMatchObject({ success: true });
  });

  it('refuses CHALLENGE settings it does not know', () => {
    expect(() => backendSettings({ CHALLENGE: 'maybe' })).toThrow(/CHALLENGE must be on or off/);
    expect(() => backendSettings({ CHALLENGE_COST: '1.5' })).toThrow(/CHALLENGE_COST/);
  });
});
