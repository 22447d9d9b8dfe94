/** Who is asking, for rate limiting. */
import { createHash } from 'node:crypto';

interface RawRequest {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string | undefined };
}

/**
 * The client's address: the right-most X-Forwarded-For hop, which the platform's own front end
 * appended. Every hop to its left was sent by the client and can be anything, so the left-most
 * is never trusted. Without the header (the local backend), the socket's peer.
 */
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
