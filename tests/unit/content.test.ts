import { describe, expect, it } from 'vitest';
import { company, formatAddress } from '../../src/content/company';
import { projects } from '../../src/content/projects';
import { privacyPolicy, termsAndConditions } from '../../src/content/legal';
import { routes } from '../../src/content/site';

describe('company facts', () => {
  it('has a name, an example.com email and a Lincoln, Nebraska address', () => {
    expect(company.name).toBe('Bluestem Software');
    expect(company.email).toMatch(/^[^@\s]+@example\.com$/);
    expect(formatAddress()).toMatch(/Lincoln, NE \d{5}, USA$/);
    expect(company.social.url).toMatch(/^https:\/\//);
    expect(company.social.label.length).toBeGreaterThan(3);
    expect(company.welcome.length).toBeGreaterThan(0);
  });
});

describe('projects', () => {
  it('are the four of the spec, in order, with their link labels', () => {
    expect(projects).toHaveLength(4);
    expect(projects.map((p) => p.linkLabel)).toEqual([
      'Website',
      'Documentation',
      'Website',
      'Coming Soon',
    ]);
    expect(projects[0]!.description).toMatch(/book library/i);
    expect(projects[1]!.description).toMatch(/open source tree-select/i);
    expect(projects[2]!.description).toMatch(/event-planning.*invitations.*group chat.*photo/i);
    expect(projects[3]!.description).toMatch(/karaoke.*queuing.*singer.*songbook.*MP3\+G/i);
  });

  it('disable only the karaoke card, which has no link', () => {
    expect(projects.map((p) => p.disabled)).toEqual([false, false, false, true]);
    expect(projects[3]!.url).toBeUndefined();
    for (const p of projects.slice(0, 3)) expect(p.url).toMatch(/^https:\/\//);
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
  it('gives the email and the Lincoln, Nebraska postal address, last updated Feb 29th, 2024', () => {
    expect(text).toContain(company.email);
    expect(text).toContain(formatAddress());
    expect(privacyPolicy.lastUpdated).toBe('Feb 29th, 2024');
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
  it('gives the contact email, last updated Feb 29th, 2024', () => {
    expect(text).toContain(company.email);
    expect(termsAndConditions.lastUpdated).toBe('Feb 29th, 2024');
  });
});

describe('route metadata', () => {
  it('gives every route its own title and description', () => {
    const all = Object.values(routes);
    expect(new Set(all.map((r) => r.title)).size).toBe(all.length);
    for (const r of all) expect(r.description.length).toBeGreaterThan(50);
  });
});
