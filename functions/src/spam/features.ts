/** The words (for the classifier) and links (for the rules) of a message; every loop is bounded. */

/** At most this many words of a message are read: the rest cannot change a verdict. */
const MAX_WORDS = 400;

/** A link: with a scheme, or starting with www., or a bare domain followed by a path. */
const LINK =
  /\b(?:https?:\/\/|www\.)[^\s<>"'()]+|\b[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63})*\.[a-z]{2,24}\/[^\s<>"'()]*/giu;

/** Words: runs of letters and digits in any script, with inner apostrophes. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’]*/gu;

/** The host of a link, lower case, without www.; null when it has none. */
export function linkHost(link: string): string | null {
  const bare = link.replace(/^https?:\/\//iu, '');
  const host =
    bare
      .split(/[/?#:]/u)[0]
      ?.toLowerCase()
      .replace(/^www\./u, '') ?? '';
  return /\.[a-z]{2,24}$/u.test(host) || /^xn--/u.test(host) ? host : null;
}

export function links(text: string, max = 1_000): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(LINK)) {
    found.push(match[0]);
    if (found.length >= max) break;
  }
  return found;
}

/** The text as the classifier reads it: compatibility forms folded, lower case. */
function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The words of a text, lower case, links replaced by their host, at most MAX_WORDS. */
export function words(text: string): string[] {
  const plain = normalise(text).replace(LINK, (link) => ` ${linkHost(link) ?? ''} linktoken `);
  const found: string[] = [];
  for (const match of plain.matchAll(WORD)) {
    const word = match[0];
    if (word.length >= 2 && word.length <= 30) found.push(word);
    if (found.length >= MAX_WORDS) break;
  }
  return found;
}

/** FNV-1a, 32 bits, in base 36: a word's feature name. */
function fnv(word: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    hash ^= word.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Each distinct word, hashed: the model and the marks never hold a visitor's words. */
export function features(text: string): string[] {
  return [...new Set(words(text).map(fnv))];
}
