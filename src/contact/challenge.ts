/**
 * The proof-of-work challenge a message carries (docs/contact.md): fetched from the
 * `contactChallenge` callable, solved in workers of the site's own (solver.worker.ts), sent as
 * the message's `challenge` (src/contract/contact.ts). One challenge is fetched and solved ahead, when a visitor first
 * engages with the form, so Send finds it done.
 */
import { solveChallengeWorkers } from 'altcha-lib';
import type { SignedChallenge } from '../contract/contact';

/** Fetches a challenge; null when the backend has the check switched off. */
export type FetchChallenge = () => Promise<SignedChallenge | null>;

/** What a message carries: base64 of ALTCHA's JSON payload, or null with the check off. */
export type SolvedChallenge = string | null;

/** A solved challenge is not used this close to its expiry: the message may take a while. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/**
 * Workers at most: the search is split between them, each on a core of its own, and one core is
 * left to the page, so the visitor's keys and presses never wait for the search.
 */
const MAX_WORKERS = 4;

function newWorker(): Worker {
  return new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
}

/** Fetches and solves one challenge. Rejects when the fetch or the search fails. */
async function solveNext(fetchChallenge: FetchChallenge): Promise<SolvedChallenge> {
  const challenge = await fetchChallenge();
  if (!challenge) return null;
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.max(1, Math.min(MAX_WORKERS, (navigator.hardwareConcurrency || 2) - 1)),
    createWorker: newWorker,
  });
  if (!solution) throw new Error('The spam check could not be solved in time.');
  return btoa(
    JSON.stringify({
      challenge,
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    }),
  );
}

function expiry(solved: string): number {
  try {
    const { challenge } = JSON.parse(atob(solved)) as { challenge: SignedChallenge };
    const expires = challenge.parameters.data?.expires;
    return typeof expires === 'number' ? expires : 0;
  } catch {
    return 0;
  }
}

let ahead: Promise<SolvedChallenge> | null = null;

/** Starts fetching and solving the next message's challenge, unless one is ready or under way. */
export function prepare(fetchChallenge: FetchChallenge): void {
  if (ahead) return;
  const entry = solveNext(fetchChallenge);
  ahead = entry;
  // Offline or refused: the message fetches its own at Send.
  entry.catch(() => {
    if (ahead === entry) ahead = null;
  });
}

/**
 * The challenge for a message being sent: the one solved ahead (waited for if still under way),
 * unless `fresh` asks for a new one. Each is handed out once.
 */
export async function take(
  fetchChallenge: FetchChallenge,
  fresh = false,
): Promise<SolvedChallenge> {
  const entry = ahead;
  ahead = null;
  if (entry && !fresh) {
    const solved = await entry.catch(() => undefined);
    if (solved === null || (solved !== undefined && expiry(solved) - EXPIRY_MARGIN_MS > Date.now()))
      return solved;
  }
  return solveNext(fetchChallenge);
}
