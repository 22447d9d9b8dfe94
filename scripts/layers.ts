/**
 * The page's composited layers after a load, and why each is one: `npx tsx scripts/layers.ts
 * [route ...]` loads each route (default `/` and `/privacypolicy`) from DIST_DIR (dist) in the
 * bench's phone (390x844, no throttling), waits for its `load` event and then WAIT ms more (1200:
 * the app has started, the canvas is in), and prints every layer Chromium's compositor holds, with
 * its size, whether it draws, the element it belongs to and its compositing reasons (DevTools'
 * Layers panel, through the `LayerTree` protocol domain). See docs/bench-history.md, sixteenth
 * session.
 */
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { hostBuild } from './hosting';
import { DEVICES } from './bench/visit';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

/** What is read of a `LayerTree.Layer` (playwright-core does not export its protocol types). */
interface Layer {
  layerId: string;
  backendNodeId?: number;
  width: number;
  height: number;
  drawsContent: boolean;
}
/** How long the layer tree is waited for after it was asked for. */
const TREE_WAIT_MS = 10_000;

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/privacypolicy'];
const waitMs = Number(process.env.WAIT ?? 1200);

/** The element a layer belongs to, as `tag.class` (a pseudo-element by its name). */
async function owner(cdp: CDPSession, layer: Layer): Promise<string> {
  if (!layer.backendNodeId) return '';
  try {
    const { node } = await cdp.send('DOM.describeNode', { backendNodeId: layer.backendNodeId });
    const name = node.pseudoType ? `::${node.pseudoType}` : node.localName;
    // Attributes come as [name, value, name, value, ...].
    const attributes = node.attributes ?? [];
    const at = attributes.findIndex((a, i) => i % 2 === 0 && a === 'class');
    return at >= 0 && attributes[at + 1] ? `${name}.${attributes[at + 1]}` : name;
  } catch {
    return ''; // a node gone since the snapshot
  }
}

/**
 * The layer tree after the next update. The domain reports the tree only when it changes, so a
 * style change no one sees (an outline in a transparent colour) asks for one.
 */
async function layersOf(cdp: CDPSession, page: Page): Promise<Layer[]> {
  const next = new Promise<Layer[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No layer tree came')), TREE_WAIT_MS);
    cdp.on('LayerTree.layerTreeDidChange', ({ layers }) => {
      if (!layers) return;
      clearTimeout(timer);
      resolve(layers);
    });
  });
  await cdp.send('LayerTree.enable');
  await page.evaluate(() => {
    document.body.style.outline = '1px solid transparent';
  });
  return next;
}

const { origin, stop } = await hostBuild(process.env.DIST_DIR ?? 'dist');
const { cpuSlowdown: _throttle, ...phone } = DEVICES.phone;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const route of routes) {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(origin + route);
    await page.waitForTimeout(waitMs);
    const layers = await layersOf(cdp, page);
    console.log(`\n${route}: ${layers.length} layers, ${waitMs} ms after the load event`);
    for (const layer of layers) {
      const { compositingReasonIds } = await cdp
        .send('LayerTree.compositingReasons', { layerId: layer.layerId })
        // A layer gone since the snapshot has no reasons to give.
        .catch(() => ({ compositingReasonIds: [] as string[] }));
      const size = `${layer.width}x${layer.height}`.padEnd(10);
      const draws = layer.drawsContent ? 'draws' : '     ';
      console.log(
        `  ${size} ${draws} ${(await owner(cdp, layer)).padEnd(44)} ${(compositingReasonIds ?? []).join(', ')}`,
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
