/** Where a lit window stands: the light's place as transforms, and the intro sweep's path. */

/** A light at (x, y) with radius r: the window reaches 1.5 radii around it, the words go back. */
export function windowTransforms(x: number, y: number, r: number): { pane: string; words: string } {
  const dx = x - 1.5 * r;
  const dy = y - 1.5 * r;
  return {
    pane: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)`,
    words: `translate(${(-dx).toFixed(1)}px, ${(-dy).toFixed(1)}px)`,
  };
}

/** The intro sweep in a box's px: from `from` to `to` in `ms`, then eased back to `rest`. */
export interface SweepPath {
  readonly from: number;
  readonly to: number;
  readonly rest: number;
  readonly y: number;
  readonly ms: number;
}
