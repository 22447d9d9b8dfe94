import { createHash } from 'node:crypto';

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

/** A stable pseudonym: rate-limit buckets and stored records never hold an address itself. */
export function pseudonym(kind: string, value: string): string {
  return createHash('sha256')
    .update(`bluestem-contact:${kind}:${value}`)
    .digest('hex')
    .slice(0, 32);
}
