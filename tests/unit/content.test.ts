/** The content's shape and rules, not its values: a studio replaces the placeholders in src/content/. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { company, formatAddress } from '../../src/content/company';
import { projects } from '../../src/content/projects';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRetention } from '../../scripts/build/retention';
import { privacyPolicy, termsAndConditions } from '../../src/content/legal';
import { retentionDays } from '../../src/contract/retention';
import { LEGAL_LAST_UPDATED, routes } from '../../src/content/site';
import { contactProblems, MESSAGE_MIN } from '../../src/contract/rules';

describe('company facts', () => {
  it('are all given, with an email the contact rules accept and an https profile', () => {
    expect(company.name.trim()).not.toBe('');
    // The outlined title is drawn from a Latin font: a name in another script has no glyphs.
    expect(company.name).toMatch(/^[\p{Script=Latin}\d &.,'’-]+$/u);
    const emailProblems = contactProblems({
      name: 'A full name',
      email: company.email,
      message: 'x'.repeat(MESSAGE_MIN),
    });
    expect(emailProblems).toEqual([]);
    for (const part of Object.values(company.address)) expect(part.trim()).not.toBe('');
    for (const part of Object.values(company.address)) expect(formatAddress()).toContain(part);
    expect(company.social.url).toMatch(/^https:\/\//);
    expect(company.social.label.trim()).not.toBe('');
    expect(company.tagline.trim()).not.toBe('');
    expect(company.welcome.length).toBeGreaterThan(0);
    for (const paragraph of company.welcome) expect(paragraph.trim()).not.toBe('');
  });
});

describe('projects', () => {
  it('each have an id of their own, a title, a description and a link label', () => {
    expect(projects.length).toBeGreaterThan(0);
    expect(new Set(projects.map((p) => p.id)).size).toBe(projects.length);
    for (const p of projects) {
      expect(p.title.trim()).not.toBe('');
      expect(p.description.trim()).not.toBe('');
      expect(p.linkLabel.trim()).not.toBe('');
    }
  });

  it('link over https when enabled, and have no link when disabled', () => {
    for (const p of projects) {
      if (p.disabled) expect(p.url).toBeUndefined();
      else expect(p.url).toMatch(/^https:\/\//);
    }
  });
});

describe('privacy policy', () => {
  const text = privacyPolicy.body;
  it.each([
    ['email address', /email address/i],
    ['phone number for authentication', /phone number.*\(?authentication/is],
    ['location only if granted', /location, only if you grant/i],
    ['no cookies or tracking', /no cookies and no tracking/i],
    ['no sharing except by law', /third parties,?\s+except where we are required to do so by law/i],
    [
      'cloud document database, encrypted at rest',
      /cloud document database and is encrypted at\s+rest/i,
    ],
    ['kept until removal is asked', /indefinitely, until you ask us to remove/i],
    ['removal by contacting us', /removed, contact us/i],
    ['children under 13 prohibited', /under 13 are prohibited/i],
    ['changes posted on this page', /post the new version on this page/i],
  ])('covers %s', (_point, pattern) => {
    expect(text).toMatch(pattern);
  });
  it("gives the company's email and postal address, and the required last-updated date", () => {
    expect(text).toContain(company.email);
    expect(text).toContain(formatAddress());
    expect(privacyPolicy.lastUpdated).toBe(LEGAL_LAST_UPDATED);
  });
});

describe('the retention the privacy policy states', () => {
  /** The privacy policy of a build given this RETENTION_DAYS. */
  const policyBuiltWith = async (days: string) => {
    vi.stubGlobal('__RETENTION_DAYS__', days);
    vi.resetModules();
    return (await import('../../src/content/legal')).privacyPolicy.body;
  };
  afterEach(() => vi.unstubAllGlobals());

  it('keeps data until removal is asked when RETENTION_DAYS is unset, as the policy always said', async () => {
    expect(retentionDays('')).toBeNull();
    expect(await policyBuiltWith('')).toMatch(/indefinitely, until you ask us to remove/);
  });

  it('states the configured number of days, and still offers removal sooner', async () => {
    const text = await policyBuiltWith('30');
    expect(text).toContain('for 30 days');
    expect(text).not.toMatch(/indefinitely/);
    expect(text).toMatch(/removed, contact us/i);
    expect(await policyBuiltWith('1')).toContain('for 1 day.');
  });

  it('is read at build time from the environment and from functions/.env, which must agree', async () => {
    const root = await mkdtemp(join(tmpdir(), 'retention-'));
    try {
      await mkdir(join(root, 'functions'));
      expect(buildRetention('production', root)).toBe('');
      await writeFile(join(root, 'functions', '.env'), 'RETENTION_DAYS=30\n');
      expect(buildRetention('production', root)).toBe('30');
      await writeFile(join(root, '.env.production.local'), 'RETENTION_DAYS=30\n');
      expect(buildRetention('production', root)).toBe('30');
      await writeFile(join(root, '.env.production.local'), 'RETENTION_DAYS=14\n');
      expect(() => buildRetention('production', root)).toThrow(/set it once/);
      await writeFile(join(root, 'functions', '.env'), 'RETENTION_DAYS=a month\n');
      expect(() => buildRetention('production', root)).toThrow(/whole number of days/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('terms and conditions', () => {
  const text = termsAndConditions.body;
  it.each([
    ['waiver of liability', /WAIVER OF LIABILITY/],
    ['harassing, hateful or offensive content', /harassing, hateful or offensive content/],
    ['illegal activity', /illegal activity/],
    ['IP violation', /intellectual property/],
    ['termination without warning', /terminate your access at any time, without warning/],
    ['company owns its property', /owns all of its property/],
    ['Nebraska law', /laws of the State of Nebraska/],
    [
      'binding arbitration at our discretion',
      /At our discretion, any dispute will be resolved by binding arbitration/,
    ],
    [
      'termination by written notice by either party',
      /Either party may terminate this agreement by written notice/,
    ],
    [
      'changes without notice, continued use is acceptance',
      /without notice\. Your continued\s+use .* means you accept/s,
    ],
    ['entire agreement', /entire agreement/],
    ['severability', /unenforceable, the rest remains/],
  ])('covers %s', (_point, pattern) => {
    expect(text).toMatch(pattern);
  });
  it("gives the company's email, and the required last-updated date", () => {
    expect(text).toContain(company.email);
    expect(termsAndConditions.lastUpdated).toBe(LEGAL_LAST_UPDATED);
  });
});

describe('route metadata', () => {
  it('gives every route its own title and description', () => {
    const all = Object.values(routes);
    expect(new Set(all.map((r) => r.title)).size).toBe(all.length);
    for (const r of all) expect(r.description.length).toBeGreaterThan(50);
  });
});
