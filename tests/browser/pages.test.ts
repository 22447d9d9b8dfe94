import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { analysePicture } from './pixels';
import { baseURL, DESKTOP, holdApp, openPage, PHONE, screenshot, sharedBrowser } from './browser';
import { company } from '../../src/content/company';
import { projects } from '../../src/content/projects';
import { privacyPolicy } from '../../src/content/legal';
import { afterFrames, PAGES as ROUTES } from '../shared/pages';

const browser = sharedBrowser();

/** The not-found page is itself served with status 404, which Chromium logs as a console error. */
function withoutNotFoundStatus(problems: string[], path: string): string[] {
  if (path !== '/no-such-page') return problems;
  return problems.filter((p) => !p.includes('the server responded with a status of 404'));
}

/**
 * Scrolls the page through, so every section held back below the fold (useReveal) comes into view
 * and rises in, then back to the top: a full-page screenshot does not scroll by itself.
 */
async function revealAll(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[data-reveal], [data-reveal] > *')].every(
      (e) => e.dataset.reveal !== 'held' && (e.style.opacity === '' || e.style.opacity === '1'),
    ),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('every route', () => {
  for (const route of ROUTES) {
    it(`renders ${route.path} with its heading, footer, no console error and no request off localhost`, async () => {
      const { page, problems, external, requests } = await openPage(browser());
      await page.goto(baseURL() + route.path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
        route.heading,
      );
      const footer = page.locator('footer');
      await expect(footer.textContent()).resolves.toContain(
        `© ${new Date().getFullYear()} ${company.name}`,
      );
      await expect(
        footer.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href'),
      ).resolves.toBe('/terms');
      await expect(
        footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'),
      ).resolves.toBe('/privacypolicy');
      expect(withoutNotFoundStatus(problems, route.path)).toEqual([]);
      expect(external).toEqual([]);
      // The site's stylesheet is inlined: no chunk asks for it again, down to the contact form.
      await page.locator('footer').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      expect(requests.filter((u) => /\/assets\/index-[\w-]+\.css$/.test(u))).toEqual([]);
      expect(requests.some((u) => /\/assets\/main-[\w-]+\.js$/.test(u))).toBe(true);
    });

    it(`has no axe violations on ${route.path}, at phone and desktop size`, async () => {
      for (const viewport of [PHONE, DESKTOP]) {
        const { page } = await openPage(browser(), { viewport });
        await page.goto(baseURL() + route.path, { waitUntil: 'networkidle' });
        expect(await axeViolations(page)).toEqual([]);
      }
    });

    it(`draws ${route.path} at 390x844 and 1440x900 from its heading to its footer, no wider than the window`, async () => {
      for (const [label, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const { page, problems } = await openPage(browser(), { viewport });
        await page.goto(baseURL() + route.path, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        await revealAll(page);
        const png = await screenshot(page, `${route.name}-${label}`);
        // What was drawn (anything brighter than the dark page), and where the heading and footer are.
        const drawn = await page.evaluate(analysePicture, {
          b64: png.toString('base64'),
          litThreshold: 255,
        });
        const at = await page.evaluate(() => {
          const top = (el: Element) => el.getBoundingClientRect().top + window.scrollY;
          const footer = document.querySelector('footer')!;
          return {
            width: document.documentElement.scrollWidth,
            heading: top(document.querySelector('h1')!),
            footer: top(footer) + footer.getBoundingClientRect().height / 2,
          };
        });
        expect(at.width, `${label}: no horizontal overflow`).toBeLessThanOrEqual(viewport.width);
        expect(drawn.box, `${label}: something drawn`).not.toBeNull();
        expect(drawn.box!.top, `${label}: drawn from the heading`).toBeLessThanOrEqual(at.heading);
        expect(drawn.box!.bottom, `${label}: down to the footer`).toBeGreaterThanOrEqual(at.footer);
        expect(drawn.box!.right - drawn.box!.left, `${label}: across the page`).toBeGreaterThan(
          viewport.width / 2,
        );
        expect(withoutNotFoundStatus(problems, route.path)).toEqual([]);
      }
    });
  }
});

describe('prerendered HTML', () => {
  it('carries each page’s content, title and description before any script runs', async () => {
    const home = await (await fetch(`${baseURL()}/`)).text();
    expect(home).toContain(`<h1`);
    expect(home).toContain(company.name);
    for (const p of projects) expect(home).toContain(p.title);
    expect(home).toContain(company.welcome[0]!.slice(0, 40));
    expect(home).toMatch(/<title>[^<]*Bluestem Software[^<]*<\/title>/);
    expect(home).toMatch(/<meta name="description" content="[^"]{40,}"/);

    // React separates adjacent text in server HTML with empty comments.
    const privacy = (await (await fetch(`${baseURL()}/privacypolicy`)).text()).replaceAll(
      '<!-- -->',
      '',
    );
    expect(privacy).toContain('Last updated: Feb 29th, 2024');
    expect(privacy).toContain(company.email);
    expect(privacy).toContain('<title>Privacy Policy');

    const terms = await (await fetch(`${baseURL()}/terms`)).text();
    expect(terms).toContain('Nebraska');
    expect(terms).toContain('<title>Terms &amp; Conditions');
  });

  it('reads with JavaScript disabled', async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(`${baseURL()}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      company.name,
    );
    await expect(page.getByRole('heading', { name: 'Projects' }).count()).resolves.toBe(1);
    await expect(page.locator('.card').count()).resolves.toBe(4);
    // The title sits in the hero at the start and scrolls away with it, off the cards.
    const title = page.getByRole('heading', { level: 1 });
    const start = await title.boundingBox();
    expect(start!.y + start!.height / 2).toBeCloseTo(DESKTOP.height * 0.46, -1);
    await page.locator('#projects').scrollIntoViewIfNeeded();
    const scrolled = await title.boundingBox();
    expect(scrolled!.y + scrolled!.height).toBeLessThan(0);
    await page.goto(`${baseURL()}/terms`);
    await expect(page.locator('pre').textContent()).resolves.toContain('binding arbitration');
  });

  it('keeps the place a visitor scrolled to before the app ran', async () => {
    const { page, problems } = await openPage(browser());
    // Hold the app (fetched after the first paint); scroll the prerendered page meanwhile.
    const app = await holdApp(page);
    await page.goto(`${baseURL()}/`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => document.getElementById('contact')!.scrollIntoView());
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    app.release();
    await expect.poll(() => page.locator('#hero-title').getAttribute('data-pinned')).toBe('true');
    await afterFrames(page);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrolled);
    expect(problems).toEqual([]);
  });

  it('hydrates without hydration warnings', async () => {
    const { page } = await openPage(browser());
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    for (const path of ['/', '/privacypolicy', '/terms', '/nope']) {
      await page.goto(baseURL() + path, { waitUntil: 'networkidle' });
    }
    expect(messages.filter((m) => /hydrat|did not match|mismatch/i.test(m))).toEqual([]);
  });
});

/** Each `.legal__line` of the page: its text, and where its wrapped rows start from its first
 * row's start, with the width of one ch (a row's text can come in several boxes: its leading
 * spaces, its words, its trailing space). */
async function wrappedLines(page: Page) {
  const rows = await page.locator('.legal__line').evaluateAll((lines) =>
    lines.map((line) => {
      const range = document.createRange();
      range.selectNodeContents(line);
      const starts = new Map<number, number>();
      for (const r of range.getClientRects())
        starts.set(Math.round(r.top), Math.min(r.left, starts.get(Math.round(r.top)) ?? r.left));
      const lefts = [...starts].sort((a, b) => a[0] - b[0]).map(([, left]) => left);
      return { text: line.textContent ?? '', lefts: lefts.map((left) => left - lefts[0]!) };
    }),
  );
  const ch = await page.locator('pre').evaluate((pre) => {
    const probe = document.createElement('span');
    probe.textContent = '0'.repeat(10);
    pre.append(probe);
    const width = probe.getBoundingClientRect().width / 10;
    probe.remove();
    return width;
  });
  return { rows, ch };
}

describe('the legal text', () => {
  it('keeps its pre-formatted text, and a wrapped line goes on at its own indent on a phone', async () => {
    const { page, problems } = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseURL()}/privacypolicy`, { waitUntil: 'load' });
    await expect(page.locator('pre').textContent()).resolves.toBe(privacyPolicy.body);
    const { rows, ch } = await wrappedLines(page);
    const item = rows.find((r) => r.text.startsWith('   - Your email'))!;
    expect(item.lefts.length).toBeGreaterThan(1);
    // Three spaces and a dash with its space: the wrapped rows start 5 ch in.
    for (const left of item.lefts.slice(1)) expect(Math.abs(left - 5 * ch)).toBeLessThan(1.5);
    const plain = rows.find((r) => r.text.startsWith('   We use no cookies'))!;
    for (const left of plain.lefts.slice(1)) expect(Math.abs(left - 3 * ch)).toBeLessThan(1.5);
    expect(problems).toEqual([]);
  });

  it('hangs a numbered heading that wraps after its number, on a phone', async () => {
    const { page, problems } = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseURL()}/terms`, { waitUntil: 'load' });
    const { rows, ch } = await wrappedLines(page);
    const heading = rows.find((r) => r.text.startsWith('8. ENTIRE AGREEMENT'))!;
    expect(heading.lefts.length).toBeGreaterThan(1);
    // "8. ": the wrapped rows start 3 ch in, under the heading's first word.
    for (const left of heading.lefts.slice(1)) expect(Math.abs(left - 3 * ch)).toBeLessThan(1.5);
    expect(problems).toEqual([]);
  });
});

describe('project cards', () => {
  it('open live projects in a new tab with no opener or referrer, and disable Coming Soon', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseURL()}/`);
    const links = page.locator('.card a.link-button');
    await expect(links.count()).resolves.toBe(3);
    for (let i = 0; i < 3; i++) {
      await expect(links.nth(i).getAttribute('target')).resolves.toBe('_blank');
      await expect(links.nth(i).getAttribute('rel')).resolves.toBe('noopener noreferrer');
    }
    const labels = await page.locator('.card .link-button > span:first-child').allTextContents();
    expect(labels.map((l) => l.replace(' (opens in a new tab)', ''))).toEqual([
      'Website',
      'Documentation',
      'Website',
      'Coming Soon',
    ]);
    const soon = page.getByRole('button', { name: 'Coming Soon' });
    await expect(soon.isDisabled()).resolves.toBe(true);
    await expect(page.locator('.card a', { hasText: 'Coming Soon' }).count()).resolves.toBe(0);
    const width = await soon.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(240); // w-60: 15rem of 16px
  });

  it('sit in one column at 390 px and two at 1280 px', async () => {
    for (const [width, columns] of [
      [390, 1],
      [1023, 1],
      [1024, 2],
      [1280, 2],
    ] as const) {
      const { page } = await openPage(browser(), { viewport: { width, height: 900 } });
      await page.goto(`${baseURL()}/`);
      const lefts = await page
        .locator('.projects-grid > li')
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
      expect(new Set(lefts).size, `columns at ${width}px`).toBe(columns);
    }
  });

  it('play the arrow animation while hovered and stop it on leave', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseURL()}/`, { waitUntil: 'networkidle' });
    const button = page.locator('.card a.link-button').first();
    await button.scrollIntoViewIfNeeded();
    await page.locator('.arrow[data-ready="true"]').first().waitFor();
    // lottie-web draws the layer as the group inside the clip group; its matrix moves the arrow.
    const arrowTransform = () =>
      button.locator('.arrow svg > g > g').first().getAttribute('transform');
    const atRest = await arrowTransform();

    await button.hover();
    await expect.poll(() => button.locator('.arrow').getAttribute('data-playing')).toBe('true');
    await expect.poll(arrowTransform, { timeout: 3000 }).not.toBe(atRest);

    await page.mouse.move(0, 0);
    await expect.poll(() => button.locator('.arrow').getAttribute('data-playing')).toBe('false');
    await expect.poll(arrowTransform).toBe(atRest);
    const stopped = await arrowTransform();
    await afterFrames(page);
    expect(await arrowTransform()).toBe(stopped);

    // The disabled button never plays.
    const soon = page.locator('.card button.link-button');
    await soon.hover({ force: true });
    await expect(soon.locator('.arrow').getAttribute('data-playing')).resolves.toBe('false');
    expect(problems).toEqual([]);
  });
});

describe('navigation', () => {
  it('opens the legal pages at their top after a scrolled home page', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseURL()}/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    for (const [name, path] of [
      ['Privacy Policy', 'privacypolicy'],
      ['Terms & Conditions', 'terms'],
    ] as const) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('link', { name }).click();
      await page.waitForURL(`**/${path}`);
      // The address changes at once; the page follows when React has rendered the route.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    await expect(page.title()).resolves.toContain('Terms & Conditions');
  });

  it('shows the not-found page with status 404 for an unknown path, with a link home', async () => {
    const res = await fetch(`${baseURL()}/definitely/not/here`);
    expect(res.status).toBe(404);
    const { page } = await openPage(browser());
    const response = await page.goto(`${baseURL()}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${baseURL()}/`);
  });
});
