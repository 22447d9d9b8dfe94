/**
 * The pictures in docs/dom-motion/: frame strips of the DOM's motion (the page's clock held
 * between frames) and screenshots of the light on an edge and of the form's button.
 * `npx tsx scripts/dom-motion-shots.ts [BASE_URL] [OUT]` against a running `npm run serve` of a
 * production build (its local backend takes the form's message).
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

const base = process.argv[2] ?? `http://localhost:${process.env.SERVE_PORT ?? 4173}`;
const out = process.argv[3] ?? 'docs/dom-motion';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

interface Frame {
  png: Buffer;
  caption: string;
}

/**
 * Holds the page's clock (performance.now, which react-spring's frame loop reads) until
 * `__clock.run(ms)` moves it on by `ms`. A string: tsx's helpers (__name) do not exist in the page.
 */
const HOLD_CLOCK = `{
  const real = performance.now.bind(performance);
  let at = real(), from = 0, until = at;
  performance.now = () => (from ? Math.min(until, at + (real() - from) / 8) : at);
  window.__clock = {
    run: (ms) => new Promise((done) => {
      until = at + ms;
      from = real();
      const check = () => {
        if (performance.now() < until) return void setTimeout(check, 5);
        at = until;
        from = 0;
        requestAnimationFrame(() => requestAnimationFrame(() => done()));
      };
      check();
    }),
  };
}`;

async function open(browser: Browser, viewport: typeof PHONE, touch = false): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    hasTouch: touch,
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** Opens `path` and waits until the app has taken the page over. */
async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__probes?.edgeLight !== undefined);
  await page.waitForTimeout(1_200);
}

/** Runs `action` with the clock held, then screenshots `count` moments `everyMs` apart. */
async function frames(page: Page, action: () => Promise<void>, count: number, everyMs: number) {
  await page.evaluate(HOLD_CLOCK);
  await action();
  const shots: Frame[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0)
      await page.evaluate(
        (ms) =>
          (window as unknown as { __clock: { run(ms: number): Promise<void> } }).__clock.run(ms),
        everyMs,
      );
    const opacity = await page.evaluate(() =>
      Number(getComputedStyle(document.getElementById('root')!).opacity),
    );
    shots.push({
      png: await page.screenshot(),
      caption: `${i * everyMs} ms${opacity === 1 ? '' : `, page opacity ${opacity.toFixed(2)}`}`,
    });
  }
  return shots;
}

/** Lays frames side by side with a caption under each, and saves the row as one PNG. */
async function strip(
  browser: Browser,
  frames: Frame[],
  width: number,
  file: string,
  columns = frames.length,
) {
  const page = await open(browser, { width: columns * (width + 14) + 24, height: 100 });
  const cells = frames
    .map(
      (f) =>
        `<figure><img src="data:image/png;base64,${f.png.toString('base64')}" width="${width}"><figcaption>${f.caption}</figcaption></figure>`,
    )
    .join('');
  await page.setContent(
    `<style>body{margin:0;padding:12px;background:#222;display:flex;flex-wrap:wrap;gap:12px;font:14px system-ui;color:#eee}figure{margin:0}img{display:block;border:1px solid #555}figcaption{padding-top:6px}</style>${cells}`,
  );
  await page.screenshot({ path: file, fullPage: true });
  await page.context().close();
}

/** The cards rising into view, one after another, as the visitor scrolls to them. */
async function reveal(browser: Browser, viewport: typeof PHONE, name: string) {
  const page = await open(browser, viewport);
  await openApp(page, '/');
  // The grid comes in at the bottom (its reveal starts), then the visitor scrolls on.
  const scrollGrid = (at: number) =>
    page.locator('.projects-grid').evaluate((e, f) => {
      const top = e.getBoundingClientRect().top + scrollY;
      window.scrollTo({ top: top - innerHeight * f, behavior: 'instant' });
    }, at);
  const wide = viewport.width > 1000;
  const shots = await frames(
    page,
    async () => {
      await scrollGrid(0.92);
      await page.waitForFunction(
        () => document.querySelector('.projects-grid')?.getAttribute('data-reveal') === 'shown',
      );
      await scrollGrid(0.45);
    },
    wide ? 4 : 5,
    120,
  );
  await strip(browser, shots, wide ? 560 : 220, `${out}/reveal-${name}.png`, wide ? 2 : 5);
  await page.context().close();
}

/** The pointer just inside a card's top left corner, and a finger on the contact panel's edge. */
async function edgeLight(browser: Browser) {
  const page = await open(browser, DESKTOP);
  await openApp(page, '/#projects');
  const card = (await page.locator('.card').first().boundingBox())!;
  await page.mouse.move(card.x + 70, card.y + 22);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/edge-light-1440.png` });
  const lifted = (await page.locator('.card').first().boundingBox())!;
  await page.screenshot({
    path: `${out}/edge-light-card.png`,
    clip: {
      x: lifted.x - 24,
      y: lifted.y - 24,
      width: lifted.width + 48,
      height: lifted.height + 48,
    },
  });
  await page.context().close();

  const phone = await open(browser, PHONE, true);
  await openApp(phone, '/#contact');
  const form = (await phone.locator('.contact-form').boundingBox())!;
  const cdp = await phone.context().newCDPSession(phone);
  const at = (y: number) => [{ x: form.x + form.width * 0.75, y: form.y + y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(30) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(24) });
  await phone.waitForTimeout(600);
  await phone.screenshot({ path: `${out}/edge-light-390-touch.png` });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await phone.context().close();
}

/** Send, Sending with its spinner (the call held for a moment), Sent with its check mark. */
async function sendStates(browser: Browser) {
  const page = await open(browser, DESKTOP);
  await openApp(page, '/#contact');
  await page.fill('#contact-name', 'Ada Lovelace');
  await page.fill('#contact-email', 'ada@example.com');
  await page.fill(
    '#contact-message',
    'We would like a small app for our book club, with reading lists and reminders.',
  );
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/sendContactEmail*', async (route) => {
    await held;
    await route.continue();
  });
  const send = page.locator('button.contact-form__send');
  // Anchored on the button's right end: it grows leftwards.
  const shot = async () => {
    const box = (await send.boundingBox())!;
    const right = box.x + box.width + 24;
    return page.screenshot({
      clip: { x: right - 300, y: box.y - 20, width: 300, height: box.height + 40 },
    });
  };
  const idle = await shot();
  await send.click();
  await page.waitForSelector('button.contact-form__send[data-state="sending"]');
  await page.waitForTimeout(500);
  const sending = await shot();
  release();
  await page.waitForSelector('button.contact-form__send[data-state="sent"]', { timeout: 30_000 });
  await page.waitForTimeout(800);
  const sent = await shot();
  await strip(
    browser,
    [
      { png: idle, caption: 'Send' },
      { png: sending, caption: 'Sending (the call held)' },
      { png: sent, caption: 'Sent, with its check mark' },
    ],
    300,
    `${out}/send-states.png`,
  );
  await page.context().close();
}

/** From the footer's Privacy Policy link: the home page fades out, the policy fades in. */
async function route(browser: Browser) {
  const page = await open(browser, DESKTOP);
  await openApp(page, '/');
  await page.evaluate(() =>
    window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
  );
  await page.waitForTimeout(1_200);
  const shots = await frames(page, () => page.click('footer a[href="/privacypolicy"]'), 6, 60);
  await strip(browser, shots, 460, `${out}/route.png`, 3);
  await page.context().close();
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
await mkdir(out, { recursive: true });
await reveal(browser, PHONE, '390');
await reveal(browser, DESKTOP, '1440');
await edgeLight(browser);
await sendStates(browser);
await route(browser);
await browser.close();
console.log(`wrote ${out}/`);
