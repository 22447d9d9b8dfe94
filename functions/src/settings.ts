import { studio } from '../../src/contract/company';
import { destinationSettings, type Destination, type Place } from './destinations';
import { retentionDays } from '../../src/contract/retention';
import { spamSettings, type SpamSettings } from './spam/settings';

interface RateLimits {
  windowMs: number;
  perClient: number;
  perEmail: number;
}

/** When a mail that failed is tried again, and when it is given up as `failed`. */
export interface RetryPolicy {
  /** The first wait; each attempt doubles it, with jitter. */
  baseMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  /** Counted from receipt (or from the studio's re-send). */
  maxAgeMs: number;
}

export interface BackendSettings {
  mail: { to: string; from: string };
  rateLimits: RateLimits;
  maxBodyBytes: number;
  claimMs: number;
  retry: RetryPolicy;
  pseudonymSecret: string;
  mailTimeoutMs: number;
  webhookTimeoutMs: number;
  destinations: Destination[];
  /** Null when no webhook is set. */
  webhookSecret: string | null;
  /** RETENTION_DAYS; null keeps messages. */
  retentionDays: number | null;
  /** The proof-of-work challenge every message must solve; null when CHALLENGE=off. */
  challenge: ChallengeSettings | null;
  /** The content filter (SPAM_FILTER, SPAM_ACTION, SPAM_THRESHOLD); null when it is off. */
  spam: SpamSettings | null;
}

export interface ChallengeSettings {
  secret: string;
  cost: number;
  /** The answer is a counter drawn from 0 to this: a solver makes half as many tries on average. */
  maxCounter: number;
  ttlMs: number;
}

type Env = Record<string, string | undefined>;

function positive(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${key} must be a positive number, got "${raw}"`);
  return n;
}

const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
/** Longer than the SMTP timeouts (mail.ts), so only a crashed sender's claim runs out. */
const DEFAULT_CLAIM_MS = 2 * 60_000;
/** Each send ends by its deadline; the claim lasts at least twice as long (delivery.ts). */
const DEFAULT_MAIL_TIMEOUT_MS = 50_000;
const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;

/** Locally only: a deployed function takes PSEUDONYM_SECRET from Secret Manager. */
export const DEV_PSEUDONYM_SECRET = 'dev-only-pseudonym-secret-never-deploy';
/** Locally only: a deployed function takes CHALLENGE_SECRET from Secret Manager. */
const DEV_CHALLENGE_SECRET = 'dev-only-challenge-secret-never-deploy';

/** PBKDF2 iterations per try: the bench measures what a phone pays (docs/performance.md). */
const DEFAULT_CHALLENGE_COST = 5_000;
const CHALLENGE_MAX_COUNTER = 100;
/** Long enough for a visitor who engages with the form, then writes for a while. */
const DEFAULT_CHALLENGE_TTL_MS = 60 * 60_000;

/**
 * A secret's value. Blank or whitespace is unset: locally the dev-only key stands in; deployed
 * the start stops, since a key everyone can read would let anyone forge what it signs.
 */
function secret(env: Env, key: string, devKey: string, place: Place): string {
  const value = env[key]?.trim();
  if (value) return value;
  if (place === 'deployed')
    throw new Error(
      `${key} is not set (or holds only spaces): set it with firebase functions:secrets:set ${key}`,
    );
  return devKey;
}

export function challengeSettings(env: Env, place: Place = 'local'): ChallengeSettings | null {
  const mode = env.CHALLENGE?.trim().toLowerCase() || 'on';
  if (mode === 'off') return null;
  if (mode !== 'on') throw new Error(`CHALLENGE must be on or off, got "${env.CHALLENGE}"`);
  const cost = positive(env, 'CHALLENGE_COST', DEFAULT_CHALLENGE_COST);
  if (!Number.isInteger(cost))
    throw new Error(`CHALLENGE_COST must be a whole number, got ${cost}`);
  return {
    secret: secret(env, 'CHALLENGE_SECRET', DEV_CHALLENGE_SECRET, place),
    cost,
    maxCounter: CHALLENGE_MAX_COUNTER,
    ttlMs: positive(env, 'CHALLENGE_TTL_MS', DEFAULT_CHALLENGE_TTL_MS),
  };
}

/**
 * The backend's settings from the environment (.env.example). Throws, naming the setting, when one
 * is wrong. `place` decides the allowed URLs and whether a blank secret falls back (locally only).
 */
export function backendSettings(env: Env = process.env, place: Place = 'local'): BackendSettings {
  return {
    mail: {
      to: env.CONTACT_TO?.trim() || studio.email,
      from: env.CONTACT_FROM?.trim() || studio.email,
    },
    rateLimits: {
      windowMs: positive(env, 'RATE_LIMIT_WINDOW_MS', 60 * 60_000),
      perClient: positive(env, 'RATE_LIMIT_PER_CLIENT', 5),
      perEmail: positive(env, 'RATE_LIMIT_PER_EMAIL', 3),
    },
    maxBodyBytes: positive(env, 'MAX_BODY_BYTES', DEFAULT_MAX_BODY_BYTES),
    claimMs: positive(env, 'CLAIM_MS', DEFAULT_CLAIM_MS),
    retry: {
      baseMs: positive(env, 'RETRY_BASE_MS', 60_000),
      maxDelayMs: positive(env, 'RETRY_MAX_DELAY_MS', 6 * 3_600_000),
      maxAttempts: positive(env, 'RETRY_MAX_ATTEMPTS', 12),
      maxAgeMs: positive(env, 'RETRY_MAX_AGE_MS', 3 * 24 * 3_600_000),
    },
    pseudonymSecret: secret(env, 'PSEUDONYM_SECRET', DEV_PSEUDONYM_SECRET, place),
    mailTimeoutMs: positive(env, 'MAIL_TIMEOUT_MS', DEFAULT_MAIL_TIMEOUT_MS),
    webhookTimeoutMs: positive(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_TIMEOUT_MS),
    ...destinationSettings(env, place),
    challenge: challengeSettings(env, place),
    retentionDays: retentionDays(env.RETENTION_DAYS),
    spam: spamSettings(env),
  };
}

export function localOrigins(env: Env = process.env): string[] {
  const given = env.ALLOWED_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (given?.length) return given;
  const ports = [env.DEV_PORT || '5173', env.SERVE_PORT || '4173'];
  return ports.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
}
