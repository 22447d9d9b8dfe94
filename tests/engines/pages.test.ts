/**
 * Every route, the not-found page, the card arrow and axe, in the engine of this project
 * (Firefox or WebKit; Chromium has its own fuller suite in tests/browser).
 */
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { baseURL, DESKTOP, engineUnderTest, PHONE, sharedEngine } from './engine';
import { company } from '../../src/content/company';
import { afterFrames, PAGES as ROUTES } from '../shared/pages';

const engine = engineUnderTest();
const open = sharedEngine();

/** The not-found page is served with status 404, which some engines log as a console error. */
const withoutNotFoundStatus = (problems: string[]) => problems.filter((p) => !/\b404\b/.test(p));

const heading = () => document.querySelector('h1')?.textContent ?? '';

describe(`every route in ${engine}`, () => {
  for (const route of ROUTES) {
    it(`renders ${route.path} with its heading and footer, and no page error`, async () => {
      const page = await open();
      await page.goto(route.path);
      await page.waitFor(
        (text) => document.querySelector('h1')?.textContent?.includes(text),
        route.heading,
      );
      const footer = await page.evaluate(() => document.querySelector('footer')?.textContent ?? '');
      expect(footer).toContain(`© ${new Date().getFullYear()} ${company.name}`);
      // The app ran (it is fetched after the first paint) and hydrated (React's runtime, which it
      // loads to hydrate, is in), and the page has drawn frames since: its errors would be in.
      await page.waitFor(() =>
        performance.getEntriesByType('resource').some((e) => /\/assets\/domRuntime-/.test(e.name)),
      );
      await afterFrames(page, 10);
      expect(withoutNotFoundStatus(await page.errors())).toEqual([]);
    });

    it(`has no axe violations on ${route.path}, and screenshots it at 390x844 and 1440x900`, async () => {
      for (const [label, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const page = await open({ viewport });
        await page.goto(route.path);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        expect(await page.evaluate(heading)).toContain(route.heading);
        expect(await axeViolations(page), label).toEqual([]);
        await page.screenshot(`${route.name}-${label}`);
        expect(withoutNotFoundStatus(await page.errors())).toEqual([]);
        await page.close();
      }
    });
  }

  it('answers an unknown path with status 404 and a link home that works', async () => {
    expect((await fetch(`${baseURL()}/definitely/not/here`)).status).toBe(404);
    const page = await open();
    await page.goto('/definitely/not/here');
    await page.click('a[href="/"]');
    await page.waitFor(
      (name) =>
        location.pathname === '/' && document.querySelector('h1')?.textContent?.includes(name),
      company.name,
    );
  });
});

describe(`the project cards in ${engine}`, () => {
  it('play the arrow animation while hovered and stop it on leave', async () => {
    const page = await open();
    await page.goto('/');
    const button = '.card a.link-button';
    // The Lottie player loads once the cards come into view.
    await page.evaluate(() =>
      document.querySelector('.card a.link-button')?.scrollIntoView({ block: 'center' }),
    );
    await page.waitFor(() => document.querySelector('.arrow[data-ready="true"]') !== null);
    const transform = () =>
      document.querySelector('.card a.link-button .arrow svg > g > g')?.getAttribute('transform');
    const atRest = await page.evaluate(transform);
    await page.hover(button);
    await page.waitFor(
      () =>
        document.querySelector('.card a.link-button .arrow')?.getAttribute('data-playing') ===
        'true',
    );
    await page.waitFor(
      (rest) =>
        document
          .querySelector('.card a.link-button .arrow svg > g > g')
          ?.getAttribute('transform') !== rest,
      atRest,
    );
    await page.movePointer(1, 1);
    await page.waitFor(
      () =>
        document.querySelector('.card a.link-button .arrow')?.getAttribute('data-playing') ===
        'false',
    );
    expect(await page.errors()).toEqual([]);
  });
});
