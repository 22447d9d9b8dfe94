/**
 * Loses and restores the title canvas's WebGL context from outside the product, the way a GPU
 * reset would, through `WEBGL_lose_context`. In the page, the canvas's own context is at hand. In
 * the worker, a line served before the worker's script keeps the extension of the context it makes
 * and listens for the test's message; the page's worker is the one that posts the page's messages.
 */
import type { Page } from 'playwright-core';

/** Served before the title worker's script: the context's extension, and the test's message. */
const WORKER_PRELUDE = `(() => {
  const getContext = OffscreenCanvas.prototype.getContext;
  let extension = null;
  OffscreenCanvas.prototype.getContext = function (...args) {
    const context = getContext.apply(this, args);
    if (context && args[0] === 'webgl2') extension = context.getExtension('WEBGL_lose_context');
    return context;
  };
  self.addEventListener('message', (event) => {
    const asked = event.data && event.data.testContext;
    if (!asked) return;
    event.stopImmediatePropagation();
    if (asked === 'lose') extension.loseContext();
    else extension.restoreContext();
  });
})();
`;

interface ContextWindow {
  __titleWorker?: Worker;
  __loseExtension?: WEBGL_lose_context | null;
}

/** Call before the page opens; `lose` and `restore` act on whichever path draws the title. */
export async function contextLoss(page: Page) {
  await page.route(/\/title\.worker-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: WORKER_PRELUDE + (await response.text()) });
  });
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      (window as ContextWindow).__titleWorker = this;
      return post.apply(this, args as Parameters<Worker['postMessage']>);
    };
  });
  const act = (asked: 'lose' | 'restore') =>
    page.evaluate((asked) => {
      const w = window as ContextWindow;
      const path = document.querySelector('.title-canvas')?.getAttribute('data-path');
      if (path === 'worker') return w.__titleWorker!.postMessage({ testContext: asked });
      if (asked === 'lose') {
        const canvas = document.querySelector<HTMLCanvasElement>('.title-canvas canvas')!;
        // Kept for the restore: a lost context hands out no extensions.
        w.__loseExtension = canvas.getContext('webgl2')!.getExtension('WEBGL_lose_context');
        w.__loseExtension!.loseContext();
      } else w.__loseExtension!.restoreContext();
    }, asked);
  return { lose: () => act('lose'), restore: () => act('restore') };
}
