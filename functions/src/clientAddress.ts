import { createHmac } from 'node:crypto';
import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';
import { contentOf } from '../../src/contract/rules';

interface RawRequest {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string | undefined };
}

/**
 * The client that a rate limit counts: an IPv4 address as it is, an IPv6 address as its /64.
 * A single site gets a whole /64 or more (RFC 6177), so one client could otherwise take a fresh
 * limit from each of its addresses. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, what a
 * dual-stack socket reports) counts as the IPv4 address. Text that is no address stays as it is.
 */
function rateLimitClient(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The client's address: the last X-Forwarded-For hop (the one the platform added), or the peer;
 * an IPv6 address as its /64 (rateLimitClient).
 */
export function clientAddress(req: RawRequest): string {
  const header = req.headers['x-forwarded-for'];
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  const hops = joined
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  return rateLimitClient(hops.at(-1) ?? req.socket?.remoteAddress ?? 'unknown');
}

/**
 * A stable pseudonym: buckets and records never hold an address itself, and without the secret
 * a stored value cannot be turned back into one by trying every address.
 */
export function pseudonym(secret: string, kind: 'client' | 'email', value: string): string {
  return createHmac('sha256', secret).update(`${kind}:${value}`).digest('hex').slice(0, 32);
}

/**
 * Names which secret made the pseudonyms, without telling the secret: the studio's tool compares
 * it with its own to know it computes the same pseudonyms as the backend.
 */
export function pseudonymKeyId(secret: string): string {
  return createHmac('sha256', secret).update('pseudonym-key-id').digest('hex').slice(0, 16);
}

/**
 * An email address as the form stores and counts it: the rules' content (NFC, no invisible
 * characters, trimmed), the domain in ASCII (IDNA, as a browser submits `<input type=email>`),
 * all in lower case. `user@bücher.example` is `user@xn--bcher-kva.example`.
 */
export function canonicalEmail(email: string): string {
  const address = contentOf(email);
  const at = address.lastIndexOf('@');
  if (at < 0) return address.toLowerCase();
  const domain = address.slice(at + 1);
  const ascii = domainToASCII(domain) || domain;
  return `${address.slice(0, at)}@${ascii}`.toLowerCase();
}

/** The rate-limit bucket of an email address, whatever its letter case or domain form. */
export function emailBucket(secret: string, email: string): string {
  return `email-${pseudonym(secret, 'email', canonicalEmail(email))}`;
}

/** The rate-limit bucket of a client, from the pseudonym its records hold. */
export function clientBucket(clientHash: string): string {
  return `client-${clientHash}`;
}
