/** The contact form's steps that the engine tests share: open it, type into it, wait on Send. */
import type { EnginePage } from './engine';

interface Fields {
  name: string;
  email: string;
  message: string;
}

/** A message long enough for the 50-character rule (docs/requirements.md). */
export const LONG_ENOUGH =
  'We would like a small app for our book club, with reading lists and reminders.';

/** Opens `url` on `page` with the form in view, once the app has hydrated it. */
export async function openForm(page: EnginePage, url: string): Promise<EnginePage> {
  await page.goto(url);
  await page.evaluate(() => document.getElementById('contact')?.scrollIntoView());
  await waitForApp(page);
  // A kiosk's form empties what its fields held at hydration: type only after it.
  if (url.includes('event'))
    await page.waitFor(
      () => document.getElementById('contact-name')?.getAttribute('autocomplete') === 'off',
    );
  return page;
}

/**
 * The app has hydrated the home page, so its form answers (its Send is React's once hydrated):
 * the hero is live once the first commit's effects have run (src/title/dom/heroMotion.ts). Not
 * read from performance entries, which a test's clock replaces.
 */
export async function waitForApp(page: EnginePage): Promise<void> {
  await page.waitFor(() => document.querySelector('.hero__title-box[data-live]') !== null);
}

/** Types each field as a visitor would. */
export async function fill(page: EnginePage, fields: Fields): Promise<void> {
  await page.type('#contact-name', fields.name);
  await page.type('#contact-email', fields.email);
  await page.type('#contact-message', fields.message);
}

/** Waits until the Send button's `data-state` is `state` (idle, sending, queued or sent). */
export async function waitForSendState(
  page: EnginePage,
  state: string,
  timeoutMs = 30_000,
): Promise<void> {
  await page.waitFor(
    (s) => document.querySelector('button.contact-form__send')?.getAttribute('data-state') === s,
    state,
    timeoutMs,
  );
}

/** The banner's whole text. */
export const banner = () => document.getElementById('contact-banner')?.textContent ?? '';
