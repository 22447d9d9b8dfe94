import { createHmac } from 'node:crypto';

interface RawRequest {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string | undefined };
}

/** The client's address: the last X-Forwarded-For hop (the one the platform added), or the peer. */
export function clientAddress(req: RawRequest): string {
  const header = req.headers['x-forwarded-for'];
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  const hops = joined
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  return hops.at(-1) ?? req.socket?.remoteAddress ?? 'unknown';
}

/**
 * A stable pseudonym: buckets and records never hold an address itself, and without the secret
 * a stored value cannot be turned back into one by trying every address.
 */
export function pseudonym(secret: string, kind: 'client' | 'email', value: string): string {
  return createHmac('sha256', secret).update(`${kind}:${value}`).digest('hex').slice(0, 32);
}

/** The rate-limit bucket of an email address, whatever its letter case. */
export function emailBucket(secret: string, email: string): string {
  return `email-${pseudonym(secret, 'email', email.trim().toLowerCase())}`;
}

/** The rate-limit bucket of a client, from the pseudonym its records hold. */
export function clientBucket(clientHash: string): string {
  return `client-${clientHash}`;
}
