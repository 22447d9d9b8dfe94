/** What three.js and R3F expect of a page, given to the title's worker before they load. */
const scope = globalThis as unknown as { document?: unknown; window?: unknown };
scope.document ??= {
  createElement: (tag: string) => (tag === 'canvas' ? new OffscreenCanvas(1, 1) : {}),
  querySelector: () => null,
  querySelectorAll: () => [],
};
scope.window ??= globalThis;
