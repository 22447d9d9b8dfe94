import { company } from '../../src/content/company';
import { retentionDays } from '../../src/content/retention';

export interface RateLimits {
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
  /** Key of the HMAC that turns client and email addresses into pseudonyms. */
  pseudonymSecret: string;
  /** RETENTION_DAYS: messages older than this many days are deleted; null keeps them. */
  retentionDays: number | null;
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

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
/** Longer than the SMTP timeouts (mail.ts), so only a crashed sender's claim runs out. */
export const DEFAULT_CLAIM_MS = 2 * 60_000;

/** Locally only: a deployed function takes PSEUDONYM_SECRET from Secret Manager. */
export const DEV_PSEUDONYM_SECRET = 'dev-only-pseudonym-secret-never-deploy';

/** The backend's settings from the environment, each listed in .env.example. */
export function backendSettings(env: Env = process.env): BackendSettings {
  return {
    mail: {
      to: env.CONTACT_TO?.trim() || company.email,
      from: env.CONTACT_FROM?.trim() || company.email,
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
    pseudonymSecret: env.PSEUDONYM_SECRET?.trim() || DEV_PSEUDONYM_SECRET,
    retentionDays: retentionDays(env.RETENTION_DAYS),
  };
}

/** The origins the local backend answers a browser's preflight for: the local servers. */
export function localOrigins(env: Env = process.env): string[] {
  const given = env.ALLOWED_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (given?.length) return given;
  const ports = [env.DEV_PORT || '5173', env.SERVE_PORT || '4173'];
  return ports.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
}
