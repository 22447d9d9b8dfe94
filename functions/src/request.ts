/**
 * The callable protocol's body, before `sendContactEmail` reads its data: the payload itself is
 * read by `parseContactRequest` in src/contract/contact.ts.
 */

export const UNDECODABLE_BODY = 'The request body cannot be decoded.';
/** Deeper than any contact message (the body, `data`, a field) by far. */
const MAX_BODY_DEPTH = 32;

/**
 * A parsed body the callable protocol could not decode: nested deeper than MAX_BODY_DEPTH (the
 * SDK's decoder recurses and would overflow the stack), or holding a typed value (`@type`),
 * which the decoder refuses with an error and no contact field is. Checked without recursion.
 */
export function undecodable(body: unknown): boolean {
  const stack: [unknown, number][] = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return true;
    if (!Array.isArray(value) && Object.hasOwn(value, '@type')) return true;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}
