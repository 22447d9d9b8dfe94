/**
 * Shapes `index.html` for the first paint, on the document Vite writes (`transformIndexHtml`,
 * after Vite has added the entry's script, its preloads and its stylesheet). It reads the page as
 * a parsed document (jsdom) and changes elements, never the text:
 *
 * - the stylesheet goes into the page itself, with a `disabled` link to the same file left for
 *   Vite's chunk loader;
 * - the first screen's fonts are preloaded;
 * - the scripts are asked for at low priority.
 */
import type { Plugin, Rollup } from 'vite';

/**
 * The first screen's fonts, as the build's assets name them: the title's own, Syne 700 (the top
 * bar) and Inter 400 (the text).
 */
const FIRST_SCREEN_FONTS = [
  'title.woff2',
  'syne-latin-700-normal.woff2',
  'inter-latin-400-normal.woff2',
];

/** The bundle's file behind a URL of the page (`/assets/x.css` is `assets/x.css`). */
const fileOf = (url: string) => (url.startsWith('/') ? url.slice(1) : url);

/**
 * Puts the site's stylesheet into the page itself. It is small (about 4 KB gzip), and a linked
 * stylesheet blocks the first paint for one more round trip (about 600 ms on Lighthouse's mobile
 * network). Font and image URLs in it are absolute, so they resolve the same from the page.
 *
 * The disabled link is never fetched. It tells Vite's chunk loader, which asks for the entry's
 * stylesheet along with any chunk that shares a module with the entry, that it is on the page.
 */
function inlineStylesheets(document: Document, bundle: Rollup.OutputBundle): string[] {
  const inlined: string[] = [];
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    const href = link.getAttribute('href') ?? '';
    const asset = bundle[fileOf(href)];
    if (asset?.type !== 'asset') continue;
    const css = String(asset.source).trim();
    if (css.includes('</style')) throw new Error(`${href} cannot be inlined`);
    const style = document.createElement('style');
    style.textContent = css;
    link.before(style, '\n    ');
    link.removeAttribute('crossorigin');
    link.setAttribute('disabled', '');
    inlined.push(css);
  }
  return inlined;
}

/**
 * Asks for the first screen's fonts with the page itself, those the inlined styles name. Text
 * waits for its font (up to the swap period); found only once styles are computed, the fonts
 * start late and share the line with the scripts. Preloaded, they start first.
 */
function preloadFonts(document: Document, bundle: Rollup.OutputBundle, styles: string[]): void {
  const assets = Object.values(bundle).filter((o) => o.type === 'asset');
  const links = FIRST_SCREEN_FONTS.flatMap((name) => {
    const font = assets.find((a) => a.names.includes(name));
    const href = font && `/${font.fileName}`;
    if (!href || !styles.some((css) => css.includes(href))) return [];
    const link = document.createElement('link');
    Object.entries({
      rel: 'preload',
      href,
      as: 'font',
      type: 'font/woff2',
      crossorigin: '',
    }).forEach(([key, value]) => link.setAttribute(key, value));
    return ['\n    ', link];
  });
  const viewport = document.querySelector('meta[name="viewport"]');
  if (viewport) viewport.after(...links);
  else document.head.prepend(...links);
}

/**
 * The page's text is already in the HTML; its one script (src/boot.ts, about 1.5 KB) fetches the
 * app after the first paint. Asked for at low priority, it leaves the line to the first screen's
 * fonts.
 */
function lowPriorityScripts(document: Document): void {
  for (const el of document.querySelectorAll('script[type="module"], link[rel="modulepreload"]')) {
    if (!el.hasAttribute('fetchpriority')) el.setAttribute('fetchpriority', 'low');
  }
}

/** The page for the first paint, from the HTML Vite made and the bundle it belongs to. */
async function firstPaintHtml(html: string, bundle: Rollup.OutputBundle): Promise<string> {
  // Loaded here, not at the top: the dev server and the tests read this module too.
  const { JSDOM } = await import('jsdom');
  const dom = new JSDOM(html);
  const { document } = dom.window;
  const styles = inlineStylesheets(document, bundle);
  preloadFonts(document, bundle, styles);
  lowPriorityScripts(document);
  return dom.serialize();
}

export function firstPaintHtmlPlugin(): Plugin {
  return {
    name: 'first-paint-html',
    apply: 'build',
    transformIndexHtml: {
      // After Vite's own tags: the stylesheet's link and the preloads are in the page by then.
      order: 'post',
      handler: (html, { bundle }) => (bundle ? firstPaintHtml(html, bundle) : html),
    },
  };
}
