/**
 * Makes the committed images in public/: the 1200x630 sharing image (og-image.png: the outlined
 * company name, lit by the title's light, on the page's background) and the PNG icons of the web
 * manifest (icon-192.png, icon-512.png, a maskable icon-maskable-512.png, apple-touch-icon.png,
 * favicon-32.png), drawn from public/favicon.svg. Chromium renders each; run it after changing
 * the name, the colours or the logo:  npx tsx scripts/make-share-image.ts
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './bench/browser';
import { company } from '../src/content/company';
import { THEME_COLOR } from '../src/content/site';

const font = (path: string, type: string) =>
  `data:${type};base64,${readFileSync(path).toString('base64')}`;
const syne = font('node_modules/@fontsource/syne/files/syne-latin-700-normal.woff2', 'font/woff2');
const inter = font(
  'node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2',
  'font/woff2',
);
const logoSvg = readFileSync('public/favicon.svg', 'utf8');

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const shareHtml = `<!doctype html><html><head><style>
@font-face { font-family: 'Syne'; font-weight: 700; src: url(${syne}) format('woff2'); }
@font-face { font-family: 'Inter'; font-weight: 400; src: url(${inter}) format('woff2'); }
html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; background: ${THEME_COLOR}; }
body { position: relative; font-family: 'Inter', sans-serif; color: #eef0ff; }
/* The title's light, resting on the name after its sweep. */
.light { position: absolute; left: 680px; top: 282px; width: 760px; height: 760px; margin: -380px 0 0 -380px;
  background: radial-gradient(circle, rgba(142,162,255,0.30) 0%, rgba(142,162,255,0.10) 35%, rgba(7,8,13,0) 70%); }
.title { position: absolute; left: 0; right: 0; top: 222px; text-align: center; font-family: 'Syne', sans-serif;
  font-weight: 700; font-size: 92px; line-height: 1.2; white-space: nowrap; color: transparent;
  -webkit-text-stroke: 3px #eef0ff; letter-spacing: 0.5px; }
.lit { position: absolute; inset: 0; -webkit-text-stroke-color: #8ea2ff;
  -webkit-mask-image: radial-gradient(circle at 680px 60px, #000 0, #000 70px, transparent 230px); }
.tagline { position: absolute; left: 0; right: 0; top: 390px; text-align: center; font-size: 30px; color: #a7adc9; }
.logo { position: absolute; left: 72px; top: 64px; width: 72px; height: 72px; }
.logo svg { width: 100%; height: 100%; }
.rule { position: absolute; left: 72px; right: 72px; bottom: 64px; height: 1px; background: rgba(186,198,255,0.26); }
</style></head><body>
<div class="light"></div>
<div class="logo">${logoSvg}</div>
<div class="title">${escape(company.name)}<div class="lit" aria-hidden="true">${escape(company.name)}</div></div>
<div class="tagline">${escape(company.tagline)}</div>
<div class="rule"></div>
</body></html>`;

/** The logo on the background; a maskable icon keeps it inside the central 80 % safe zone. */
const iconHtml = (size: number, maskable: boolean) => `<!doctype html><html><head><style>
html, body { margin: 0; width: ${size}px; height: ${size}px; overflow: hidden; background: ${maskable ? THEME_COLOR : 'transparent'}; }
div { position: absolute; inset: ${maskable ? size * 0.1 : 0}px; }
svg { width: 100%; height: 100%; display: block; }
</style></head><body><div>${logoSvg}</div></body></html>`;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  // No GPU: the same pixels on every machine.
  args: [...CHROMIUM_FLAGS, '--disable-gpu'],
});
try {
  async function render(
    html: string,
    width: number,
    height: number,
    path: string,
    transparent = false,
  ) {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path,
      omitBackground: transparent,
      clip: { x: 0, y: 0, width, height },
    });
    await page.close();
    console.log(`wrote ${path} (${width}x${height})`);
  }
  await render(shareHtml, 1200, 630, 'public/og-image.png');
  for (const size of [192, 512])
    await render(iconHtml(size, false), size, size, `public/icon-${size}.png`, true);
  await render(iconHtml(512, true), 512, 512, 'public/icon-maskable-512.png');
  await render(iconHtml(180, true), 180, 180, 'public/apple-touch-icon.png');
  await render(iconHtml(32, false), 32, 32, 'public/favicon-32.png', true);
} finally {
  await browser.close();
}
