import { describe, expect, it } from 'vitest';
import { titlePath, type TitlePath } from '../../src/canvas/webgl';

const all = { webgl: true, offscreen: true };

describe('where the title is drawn', () => {
  it('is a worker where the page has WebGL and can hand a canvas over', () => {
    expect(titlePath(all)).toBe('worker');
  });

  it('is the page once the worker reported no WebGL context (WebKitGTK, early Safari)', () => {
    expect(titlePath(all, new Set<TitlePath>(['worker']))).toBe('page');
  });

  it('is the DOM title once the page canvas failed too', () => {
    expect(titlePath(all, new Set<TitlePath>(['worker', 'page']))).toBe('dom');
    expect(titlePath({ webgl: true, offscreen: false }, new Set<TitlePath>(['page']))).toBe('dom');
  });

  it('is the page without OffscreenCanvas, and the DOM title without WebGL', () => {
    expect(titlePath({ webgl: true, offscreen: false })).toBe('page');
    expect(titlePath({ webgl: false, offscreen: true })).toBe('dom');
  });
});
