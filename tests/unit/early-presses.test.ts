// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { earlyPresses } from '../../src/earlyPresses';

function page() {
  document.body.innerHTML = `
    <div id="root">
      <form id="form"><button id="a"><span id="a-label">Send</span></button></form>
      <button id="off" disabled>Coming Soon</button>
      <a id="link" href="#x">Link</a>
    </div>
    <button id="outside">Outside</button>`;
  const root = document.getElementById('root')!;
  const byId = (id: string) => document.getElementById(id)!;
  return { root, byId };
}

/** Counts the clicks the app would see (a listener on its root) and the form's submissions. */
function watch(root: Element, form: Element) {
  const clicks: string[] = [];
  const submits = vi.fn((e: Event) => e.preventDefault());
  root.addEventListener('click', (e) => clicks.push((e.target as Element).id));
  form.addEventListener('submit', submits);
  return { clicks, submits };
}

describe('presses before the app has hydrated', () => {
  it('are held, default action included, then pressed again once, in order, on release', () => {
    const { root, byId } = page();
    const early = earlyPresses(root);
    const seen = watch(root, byId('form'));
    byId('a-label').click();
    byId('a').click();
    expect(seen.clicks).toEqual([]);
    expect(seen.submits).not.toHaveBeenCalled();
    early.release();
    expect(seen.clicks).toEqual(['a', 'a']);
    expect(seen.submits).toHaveBeenCalledTimes(2);
    byId('a').click();
    expect(seen.clicks).toEqual(['a', 'a', 'a']);
  });

  it('leave disabled buttons, links and buttons outside the app alone', () => {
    const { root, byId } = page();
    const early = earlyPresses(root);
    const seen = watch(root, byId('form'));
    const outside = vi.fn();
    byId('outside').addEventListener('click', outside);
    byId('off').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    byId('link').click();
    byId('outside').click();
    expect(seen.clicks).toEqual(['off', 'link']);
    expect(outside).toHaveBeenCalledOnce();
    early.release();
    expect(seen.clicks).toEqual(['off', 'link']);
  });

  it('skip a button that was disabled or left the page in the meantime', () => {
    const { root, byId } = page();
    const early = earlyPresses(root);
    const seen = watch(root, byId('form'));
    const off = byId('off') as HTMLButtonElement;
    off.disabled = false;
    off.click();
    byId('a').click();
    off.disabled = true;
    byId('form').remove();
    early.release();
    expect(seen.clicks).toEqual([]);
  });

  it('act natively again, and are not replayed, when the app could not start', () => {
    const { root, byId } = page();
    const early = earlyPresses(root);
    const seen = watch(root, byId('form'));
    byId('a').click();
    early.stop();
    byId('a').click();
    expect(seen.clicks).toEqual(['a']);
    expect(seen.submits).toHaveBeenCalledOnce();
  });
});
