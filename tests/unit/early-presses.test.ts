// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { earlyPresses } from '../../src/earlyPresses';

function page() {
  document.body.innerHTML = `
    <div id="root">
      <button id="a"><span id="a-label">Scroll down</span></button>
      <button id="off" disabled>Coming Soon</button>
      <a id="link" href="#x">Link</a>
    </div>
    <button id="outside">Outside</button>`;
  const root = document.getElementById('root')!;
  const byId = (id: string) => document.getElementById(id)!;
  return { root, byId };
}

describe('presses before the app runs', () => {
  it('are replayed once, in order, on the buttons pressed (a press on a child counts)', () => {
    const { root, byId } = page();
    const early = earlyPresses(root);
    byId('a-label').click();
    byId('a').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    early.stop();
    const handler = vi.fn();
    byId('a').addEventListener('click', handler);
    early.replay();
    expect(handler).toHaveBeenCalledTimes(2);
    early.replay();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('leave out disabled buttons, links, buttons outside the app and presses after stop()', () => {
    const { root, byId } = page();
    const early = earlyPresses(root);
    byId('off').click();
    byId('link').click();
    byId('outside').click();
    early.stop();
    byId('a').click();
    const handlers = ['a', 'off', 'outside'].map((id) => {
      const h = vi.fn();
      byId(id).addEventListener('click', h);
      return h;
    });
    early.replay();
    for (const h of handlers) expect(h).not.toHaveBeenCalled();
  });

  it('skip a button that was disabled in the meantime', () => {
    const { root, byId } = page();
    const early = earlyPresses(root);
    const a = byId('a') as HTMLButtonElement;
    a.click();
    early.stop();
    const handler = vi.fn();
    a.addEventListener('click', handler);
    a.disabled = true;
    early.replay();
    expect(handler).not.toHaveBeenCalled();
  });

  it('skip a button that left the page in the meantime', () => {
    const { root, byId } = page();
    const early = earlyPresses(root);
    const a = byId('a');
    a.click();
    early.stop();
    const handler = vi.fn();
    a.addEventListener('click', handler);
    a.remove();
    early.replay();
    expect(handler).not.toHaveBeenCalled();
  });
});
