import { describe, expect, it } from 'vitest';
import {
  contactProblems,
  contentLength,
  NAME_MAX,
  normaliseContact,
  problemsBanner,
  rawLength,
  type ContactFields,
} from '../../src/contract/rules';
import { MESSAGES } from '../../functions/test/contactMessages';

const valid: ContactFields = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
};
const problems = (patch: Partial<ContactFields>) => contactProblems({ ...valid, ...patch });
const banner = (patch: Partial<ContactFields>) => problemsBanner(problems(patch));

describe('the validation table (docs/requirements.md)', () => {
  it('accepts a complete message', () => {
    expect(contactProblems(valid)).toEqual([]);
  });

  it('shows "Please enter your full name." when the name has 4 letters, not when it has 5', () => {
    expect(banner({ name: 'Anna' })).toBe('Please enter your full name.');
    expect(banner({ name: 'Annas' })).toBe('');
  });

  it('measures the name trimmed: "  Anna  " is 4 characters, "  Annas " is 5', () => {
    expect(banner({ name: '  Anna  ' })).toBe(MESSAGES.name);
    expect(banner({ name: '  Annas ' })).toBe('');
  });

  it('refuses an empty, a whitespace-only and a zero-width-only name', () => {
    for (const name of [
      '',
      '      ',
      '\u00a0 \u3000  ',
      '\u200b\u200b\u200b\u200b\u200b\u200b',
      '\ufeff\u2060\u200c\u200d\u200b',
    ]) {
      expect(banner({ name }), JSON.stringify(name)).toBe(MESSAGES.name);
    }
  });

  it('does not count zero-width characters in a short name', () => {
    expect(banner({ name: 'An\u200bn\u200ba' })).toBe(MESSAGES.name);
  });

  it('requires an email of at least 5 characters', () => {
    expect(banner({ email: '' })).toBe(MESSAGES.email);
    expect(banner({ email: 'a@b.' })).toBe(MESSAGES.email); // 4 characters
    expect(banner({ email: 'a@b.c' })).toBe(''); // 5 characters
    expect(banner({ email: '  a@b.c  ' })).toBe(''); // trimmed
  });

  it('requires an address-shaped email', () => {
    for (const email of [
      'adaexample.org',
      'ada@example',
      '@example.org',
      'ada@.org.',
      'ada @example.org',
      'ada@@example.org',
      'ada@example.org.',
    ]) {
      expect(banner({ email }), email).toBe(MESSAGES.email);
    }
    for (const email of [
      'ada@example.org',
      'ada.lovelace+site@mail.example.co.uk',
      "o'neil@example.ie",
    ]) {
      expect(banner({ email }), email).toBe('');
    }
  });

  it('refuses what could split or inject a mail header in the email: commas, semicolons, angle brackets, CR/LF, NUL, bidi', () => {
    for (const email of [
      'ada@example.org,eve@example.org',
      'ada@example.org;eve@example.org',
      'Ada <ada@example.org>',
      'ada@example.org\r\nBcc: eve@example.org',
      'ada@exa\u0000mple.org',
      'ada@exam\u202eple.org',
      '"ada"@example.org',
    ]) {
      expect(banner({ email }), JSON.stringify(email)).toBe(MESSAGES.email);
    }
  });

  it('allows at most 254 characters of email', () => {
    // Domain labels of at most 63 characters, as the HTML standard's pattern requires.
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`;
    expect(at254.length).toBe(254);
    expect(banner({ email: at254 })).toBe('');
    expect(banner({ email: `a${at254}` })).toBe(MESSAGES.email);
  });

  it('requires 50 trimmed characters of message: 49 fail, 50 pass', () => {
    expect(banner({ message: 'x'.repeat(49) })).toBe(MESSAGES.messageShort);
    expect(banner({ message: 'x'.repeat(50) })).toBe('');
    expect(banner({ message: `   ${'x'.repeat(49)}\n\n  ` })).toBe(MESSAGES.messageShort);
  });

  it('refuses a whitespace-only or zero-width-only message', () => {
    expect(banner({ message: ' \n'.repeat(40) })).toBe(MESSAGES.messageShort);
    expect(banner({ message: '\u200b'.repeat(80) })).toBe(MESSAGES.messageShort);
  });

  it('allows 2000 raw characters of message and refuses 2001, spaces included', () => {
    expect(banner({ message: 'x'.repeat(2000) })).toBe('');
    expect(banner({ message: 'x'.repeat(2001) })).toBe(MESSAGES.messageLong);
    expect(banner({ message: `${'x'.repeat(1990)}${' '.repeat(11)}` })).toBe(MESSAGES.messageLong);
  });

  it('counts an emoji as one character across the 2000 boundary', () => {
    const emoji = '\u{1F600}'; // two UTF-16 units, one code point
    expect(`${'x'.repeat(1999)}${emoji}`.length).toBe(2001);
    expect(banner({ message: `${'x'.repeat(1999)}${emoji}` })).toBe('');
    expect(banner({ message: `${'x'.repeat(2000)}${emoji}` })).toBe(MESSAGES.messageLong);
    expect(rawLength(emoji.repeat(2000))).toBe(2000);
    expect(banner({ message: emoji.repeat(2000) })).toBe('');
    expect(banner({ message: emoji.repeat(2001) })).toBe(MESSAGES.messageLong);
  });

  it('measures after NFC: a decomposed é is one character, as on the server', () => {
    expect(rawLength('e\u0301')).toBe(1);
    expect(banner({ name: 'Rene\u0301' })).toBe(MESSAGES.name); // "René": 4 characters
    expect(banner({ name: 'Rene\u0301e' })).toBe(''); // "Renée": 5
  });

  it('joins every failing message, in table order, with a single space', () => {
    expect(banner({ name: 'Al', email: 'al', message: 'hi' })).toBe(
      'Please enter your full name. Please enter a valid email. That message is too short. Please include some more details.',
    );
    expect(banner({ name: '', email: '', message: 'x'.repeat(2001) })).toBe(
      'Please enter your full name. Please enter a valid email. The message is too long.',
    );
    expect(banner({ name: '', email: '', message: ` ${'\u200b'.repeat(2001)}` })).toBe(
      'Please enter your full name. Please enter a valid email. That message is too short. Please include some more details. The message is too long.',
    );
  });

  it('names the field of each problem, first field first (the form focuses it)', () => {
    expect(problems({ email: 'x', message: 'short' }).map((p) => p.field)).toEqual([
      'email',
      'message',
    ]);
  });
});

describe('the name limit, invisible characters and the HTML email pattern', () => {
  it(`allows a name of ${NAME_MAX} characters and refuses ${NAME_MAX + 1}, emoji counted once`, () => {
    expect(banner({ name: 'a'.repeat(NAME_MAX) })).toBe('');
    expect(banner({ name: 'a'.repeat(NAME_MAX + 1) })).toBe(MESSAGES.nameLong);
    expect(banner({ name: '\u{1F600}'.repeat(NAME_MAX) })).toBe('');
    expect(banner({ name: ` ${'a'.repeat(NAME_MAX)} \u200b` })).toBe('');
    expect(banner({ name: 'x'.repeat(15_000) })).toBe(MESSAGES.nameLong);
  });

  it('treats a name or message of only invisible characters as empty', () => {
    const invisible = [
      '\u2800', // braille blank
      '\u3164', // hangul filler
      '\u115F',
      '\u1160',
      '\uFFA0',
      '\u034F', // combining grapheme joiner
      '\u{E0041}', // a tag character
      '\u2062', // invisible times (a format character)
      '\uFE0F', // a variation selector
      '\u2003', // em space
    ];
    for (const ch of invisible) {
      const label = `U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`;
      expect(banner({ name: ch.repeat(12) }), label).toBe(MESSAGES.name);
      expect(banner({ message: ch.repeat(80) }), label).toBe(MESSAGES.messageShort);
      expect(contentLength(`Ada${ch.repeat(5)}`), label).toBe(3);
    }
  });

  it('counts letters, marks, numbers, punctuation and symbols as content', () => {
    expect(contentLength('Zoë 山田 №5 — ★')).toBe(13);
    // Combining accents are marks: five code points, a full name.
    expect(banner({ name: '\u0416\u0301\u0416\u0301\u0416' })).toBe('');
    expect(banner({ name: '★☆★☆★' })).toBe('');
  });

  it('refuses what the HTML standard refuses, and local parts that are not a dot-atom', () => {
    for (const email of [
      'group:eve@example.org',
      '.a..b.@example.org',
      'a..b@example.org',
      'ada.@example.org',
      'ada@-example.org',
      'ada@example..org',
      'adä@example.org',
      'ada@exämple.org',
      'ada@example.org\u202e',
      `ada@${'b'.repeat(64)}.org`,
    ]) {
      expect(banner({ email }), JSON.stringify(email)).toBe(MESSAGES.email);
    }
    for (const email of [
      'a.b-c_d+e@sub.example.org',
      "{o'neil}~@x-y.example.ie",
      'ADA@EXAMPLE.ORG',
    ]) {
      expect(banner({ email }), email).toBe('');
    }
  });
});

describe('character checks', () => {
  it('refuses CR, LF, NUL and bidi overrides in the name', () => {
    for (const name of [
      'Ada\r\nBcc: eve@example.org',
      'Ada Lovelace\n',
      'Ada Lovelace\u2028Email: eve@example.org',
      'Ada Lovelace\u2029Email: eve@example.org',
      'Ada\u0085Lovelace',
      'Ada\u0000Lovelace',
      'Ada \u202eecalevoL',
      'Ada \u2066Lovelace',
    ]) {
      expect(banner({ name }), JSON.stringify(name)).toContain(MESSAGES.nameCharacters);
    }
  });

  it('allows line breaks and tabs in the message but not NUL or other control characters', () => {
    expect(banner({ message: `${'line\r\n'.repeat(10)}\tend` })).toBe('');
    expect(banner({ message: `${'x'.repeat(60)}\u0000` })).toBe(MESSAGES.messageCharacters);
    expect(banner({ message: `${'x'.repeat(60)}\u001b[2J` })).toBe(MESSAGES.messageCharacters);
  });

  it('refuses a lone surrogate in any field', () => {
    expect(banner({ name: 'Ada \ud800 Lovelace' })).toBe(MESSAGES.nameCharacters);
    expect(banner({ email: 'ada\udc00@example.org' })).toBe(MESSAGES.email);
    expect(banner({ message: `${'x'.repeat(60)}\ud83d` })).toBe(MESSAGES.messageCharacters);
  });
});

describe('lengths and normalisation', () => {
  it('counts content without zero-width characters and outer white space', () => {
    expect(contentLength('  a\u200bb\u200cc  ')).toBe(3);
    expect(contentLength('')).toBe(0);
  });

  it('stores name and email trimmed, the message trimmed at its ends only, all NFC', () => {
    expect(
      normaliseContact({
        name: ' \u200bRene\u0301e ',
        email: ' ada@example.org\u200b',
        message: '\n Hi\n\nthere \n',
      }),
    ).toEqual({
      name: 'Ren\u00e9e',
      email: 'ada@example.org',
      message: 'Hi\n\nthere',
    });
  });
});
