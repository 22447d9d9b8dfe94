/**
 * The proof-of-work challenge a message must carry (ALTCHA v2, altcha-lib): the function signs a
 * challenge, the page's worker searches for its answer, and the function checks the answer and
 * its signature. docs/contact.md says why PBKDF2 and how the cost is chosen.
 */
import { createHash } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ChallengeRefusal } from '../../src/contract/contact';
import type { ChallengeSettings } from './settings';

const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
/** A solved challenge as sent is a few hundred characters; anything much longer is not one. */
const MAX_PAYLOAD_CHARS = 4_000;

/** The key that signs the answer's derived key, apart from the one that signs the challenge. */
function keySecret(secret: string): string {
  return createHash('sha256').update(`contact challenge key signature\0${secret}`).digest('hex');
}

/** A new signed challenge, solvable until `now` + the setting's time to live. */
export async function issueChallenge(settings: ChallengeSettings, now: Date): Promise<Challenge> {
  return createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(settings.maxCounter, 0),
    deriveKey,
    // Signed with the challenge, and checked on the backend's own clock (the library's expiresAt
    // would be checked on the wall clock, which a test cannot hand in).
    data: { expires: now.getTime() + settings.ttlMs },
    hmacSignatureSecret: settings.secret,
    hmacKeySignatureSecret: keySecret(settings.secret),
  });
}

export type Checked =
  { ok: true; id: string; expiresAt: Date } | { ok: false; reason: ChallengeRefusal };

function decode(text: string): { challenge: Challenge; solution: unknown } | null {
  if (text.length > MAX_PAYLOAD_CHARS) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  const { challenge, solution } = payload as { challenge?: unknown; solution?: unknown };
  if (!challenge || typeof challenge !== 'object') return null;
  const { parameters, signature } = challenge as { parameters?: unknown; signature?: unknown };
  if (!parameters || typeof parameters !== 'object' || typeof signature !== 'string') return null;
  const { algorithm, data } = parameters as { algorithm?: unknown; data?: { expires?: unknown } };
  if (algorithm !== CHALLENGE_ALGORITHM || typeof data?.expires !== 'number') return null;
  return { challenge: challenge as Challenge, solution };
}

/**
 * Whether `text` (base64 of ALTCHA's JSON payload) answers a challenge this secret signed, before
 * it expires at `now`. The id names the challenge, for the store to accept it once.
 */
export async function checkSolution(
  text: string | null,
  settings: ChallengeSettings,
  now: Date,
): Promise<Checked> {
  if (text === null || text === '') return { ok: false, reason: 'challenge-missing' };
  const payload = decode(text);
  if (!payload) return { ok: false, reason: 'challenge-invalid' };
  const { challenge, solution } = payload;
  const expiresAt = new Date(challenge.parameters.data?.expires as number);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'challenge-expired' };
  try {
    const result = await verifySolution({
      challenge,
      deriveKey,
      hmacSignatureSecret: settings.secret,
      hmacKeySignatureSecret: keySecret(settings.secret),
      // Checked by the library: a counter and a hex key, or refused.
      solution: solution as { counter: number; derivedKey: string },
    });
    if (!result.verified) return { ok: false, reason: 'challenge-invalid' };
  } catch {
    return { ok: false, reason: 'challenge-invalid' };
  }
  return { ok: true, id: challenge.signature as string, expiresAt };
}
