import { afterEach, describe, expect, it } from 'vitest';
import { afterFailedPath, titlePaths } from '../../src/title/canvas/path';
import { bufferSize, capDpr } from '../../src/title/canvas/pixelRatio';

const g = globalThis as Record<string, unknown>;
afterEach(() => {
  delete g.OffscreenCanvas;
  delete g.HTMLCanvasElement;
});

/** Pretends this is a browser that can hand a canvas to a worker. */
function withOffscreen() {
  g.OffscreenCanvas = class {};
  g.HTMLCanvasElement = class {
    transferControlToOffscreen() {}
  };
}

describe('the title canvas paths', () => {
  it('after a failed path, tries the next and says so, or keeps the outlined title', () => {
    expect(afterFailedPath(['worker', 'page'], 'no WebGL2 context in a worker')).toEqual({
      left: ['page'],
      warning:
        'The title cannot be drawn in a worker (no WebGL2 context in a worker); ' +
        'drawing it in the page instead.',
    });
    expect(afterFailedPath(['page'], 'the context was lost')).toEqual({
      left: [],
      warning:
        'The title cannot be drawn in the page (the context was lost); the outlined title stays.',
    });
  });

  it('tries the worker first, then the page, where a canvas can be handed to a worker', () => {
    withOffscreen();
    expect(titlePaths('')).toEqual(['worker', 'page']);
  });

  it('draws in the page only with ?offscreen=0 or without OffscreenCanvas', () => {
    withOffscreen();
    expect(titlePaths('?offscreen=0')).toEqual(['page']);
    delete g.OffscreenCanvas;
    expect(titlePaths('')).toEqual(['page']);
  });

  it('tries no canvas at all with ?webgl=0', () => {
    withOffscreen();
    expect(titlePaths('?webgl=0')).toEqual([]);
  });
});

describe('the canvas pixel ratio', () => {
  it("is the device's, between 1 and 2", () => {
    expect(capDpr(3)).toBe(2);
    expect(capDpr(1.5)).toBe(1.5);
    expect(capDpr(0.5)).toBe(1);
    expect(capDpr(0)).toBe(1);
  });
});

describe('the canvas drawing buffer', () => {
  it('is the strip times the capped pixel ratio, rounded down, as three.js sizes it', () => {
    expect(bufferSize(390, 166.5, 3)).toEqual({ width: 780, height: 333 });
    expect(bufferSize(1440, 250.4, 1.5)).toEqual({ width: 2160, height: 375 });
    expect(bufferSize(800, 120, 0)).toEqual({ width: 800, height: 120 });
  });
});
