import { company } from '../../src/content/company';

export interface RateLimits {
  windowMs: number;
  perClient: number;
  perEmail: number;
}

export interface BackendSettings {
  mail: { to: string; from: string };
  rateLimits: RateLimits;
  maxBodyBytes: number;
  claimMs: number;
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
  };
}
