const NAME_MIN_EXCLUSIVE = 4;
/** Keeps the mail's Subject and Reply-To lines short; a longer name is rarely a person's. */
export const NAME_MAX = 100;
const EMAIL_MIN = 5;
/** RFC 5321's limit on a forward path. */
const EMAIL_MAX = 254;
export const MESSAGE_MIN = 50;
export const MESSAGE_MAX = 2000;

const MESSAGES = {
  name: 'Please enter your full name.',
  email: 'Please enter a valid email.',
  messageShort: 'That message is too short. Please include some more details.',
  messageLong: 'The message is too long.',
  nameLong: `The name is too long. Please use at most ${NAME_MAX} characters.`,
  nameCharacters: 'Please remove line breaks and control characters from your name.',
  messageCharacters: 'Your message contains characters that are not allowed.',
} as const;

export type ContactField = 'name' | 'email' | 'message';

export interface ContactFields {
  name: string;
  email: string;
  message: string;
}

export interface Problem {
  field: ContactField;
  message: string;
}

/**
 * Characters that show nothing: format characters (zero-width spaces, joiners, tags, the soft
 * hyphen, ...), the Hangul and braille fillers, the combining grapheme joiner and variation
 * selectors. They are not content: a field of only these is empty.
 */
const INVISIBLE = /[\p{Cf}\p{Variation_Selector}\u115F\u1160\u2800\u3164\uFFA0]|\u034F/gu;
/** What a reader sees: letters, marks, numbers, punctuation and symbols. */
const VISIBLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
/**
 * Control characters (C0, DEL, C1: NUL, CR, LF, ...), the line and paragraph separators U+2028
 * and U+2029 (line breaks like LF), and bidirectional overrides/isolates/marks.
 */
const CONTROL_OR_BIDI = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Control characters a multi-line message may not hold: all but tab, LF and CR. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MESSAGE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A UTF-16 surrogate without its pair: not text, cannot be stored or mailed faithfully. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * The HTML standard's valid e-mail address (what `<input type=email>` accepts), narrowed as a
 * mail header needs it: the local part is a dot-atom (no leading, trailing or doubled dot) and
 * the domain has at least one dot.
 */
const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Characters (code points) of the NFC form: the "raw" length of the validation table. */
export function rawLength(text: string): number {
  return Array.from(text.normalize('NFC')).length;
}

/** The text without invisible characters, trimmed: what is measured and stored. */
export function contentOf(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, '').trim();
}

/** Characters of content: what the "trimmed length" rules and the form's counter measure. */
export function contentLength(text: string): number {
  const content = contentOf(text);
  // Separators and unassigned code points alone show nothing: such a field is empty.
  return VISIBLE.test(content) ? rawLength(content) : 0;
}

/** Every failing check, in the order of the validation table in docs/contact.md. */
export function contactProblems(fields: ContactFields): Problem[] {
  const problems: Problem[] = [];
  const nameLength = contentLength(fields.name);
  const email = contentOf(fields.email);

  if (nameLength <= NAME_MIN_EXCLUSIVE) problems.push({ field: 'name', message: MESSAGES.name });
  if (nameLength > NAME_MAX) problems.push({ field: 'name', message: MESSAGES.nameLong });
  const emailLength = rawLength(email);
  if (
    emailLength < EMAIL_MIN ||
    emailLength > EMAIL_MAX ||
    !EMAIL_PATTERN.test(email) ||
    CONTROL_OR_BIDI.test(fields.email) ||
    LONE_SURROGATE.test(fields.email)
  ) {
    problems.push({ field: 'email', message: MESSAGES.email });
  }
  if (contentLength(fields.message) < MESSAGE_MIN)
    problems.push({ field: 'message', message: MESSAGES.messageShort });
  if (rawLength(fields.message) > MESSAGE_MAX)
    problems.push({ field: 'message', message: MESSAGES.messageLong });

  if (CONTROL_OR_BIDI.test(fields.name) || LONE_SURROGATE.test(fields.name)) {
    problems.push({ field: 'name', message: MESSAGES.nameCharacters });
  }
  if (MESSAGE_CONTROL.test(fields.message) || LONE_SURROGATE.test(fields.message)) {
    problems.push({ field: 'message', message: MESSAGES.messageCharacters });
  }
  return problems;
}

export function problemsBanner(problems: readonly Problem[]): string {
  return problems.map((p) => p.message).join(' ');
}

/** The values as stored and mailed: name and email as content, the message NFC and trimmed. */
export function normaliseContact(fields: ContactFields): ContactFields {
  return {
    name: contentOf(fields.name),
    email: contentOf(fields.email),
    message: fields.message.normalize('NFC').trim(),
  };
}

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{16,64}$/;
