/** `npm run bench -- --layers`: the compositor's layers of each page on the phone, and why. */
import type { CDPSession } from 'playwright-core';
import { onPage } from './browser';

type Layer = { layerId: string; backendNodeId?: number; width: number; height: number };

/** The element a layer belongs to, as `tag.class` (a pseudo-element by its name). */
async function owner(cdp: CDPSession, { backendNodeId }: Layer): Promise<string> {
  if (!backendNodeId) return '(no element)';
  const { node } = await cdp
    .send('DOM.describeNode', { backendNodeId })
    .catch(() => ({ node: null }));
  if (!node) return '(gone)';
  const attrs = node.attributes ?? [];
  const at = attrs.findIndex((a, i) => i % 2 === 0 && a === 'class');
  const name = node.pseudoType ? `::${node.pseudoType}` : node.localName;
  return at >= 0 ? `${name}.${attrs[at + 1]!.split(' ').join('.')}` : name;
}

export async function showLayers(origin: string, routes: string[]) {
  for (const route of routes)
    await onPage(origin + route, 'phone', 'the layers', async (page, _, cdp) => {
      // The domain reports the tree when it changes: a change no one sees asks for one.
      const tree = new Promise<Layer[]>((resolve) =>
        cdp.on('LayerTree.layerTreeDidChange', ({ layers }) => layers && resolve(layers)),
      );
      await cdp.send('LayerTree.enable');
      await page.evaluate(() => (document.body.style.outline = '1px solid transparent'));
      const layers = await tree;
      console.log(`\n${route}: ${layers.length} layers on the phone, once settled`);
      for (const layer of layers) {
        const { compositingReasonIds: why = [] } = await cdp
          .send('LayerTree.compositingReasons', { layerId: layer.layerId })
          .catch(() => ({ compositingReasonIds: [] }));
        const size = `${layer.width}x${layer.height}`.padEnd(10);
        console.log(`  ${size} ${(await owner(cdp, layer)).padEnd(50)} ${why.join(', ')}`);
      }
    });
}
