/**
 * The title's lit copies (styles/global.css): each a window at the light, holding the words moved
 * back by as much, so a moving light is two transforms per copy. Placed by the first paint's light
 * (earlyLight.ts) and the app's (titleLight.ts), in the title box's own px.
 */
export interface LitWindow {
  readonly pane: HTMLElement;
  readonly words: HTMLElement;
  /** The core and the halo burn with the intensity squared. */
  readonly squared: boolean;
}

export function litWindows(box: ParentNode): LitWindow[] {
  return [...box.querySelectorAll<HTMLElement>('.hero__lit')].flatMap((pane) =>
    pane.firstElementChild instanceof HTMLElement
      ? [
          {
            pane,
            words: pane.firstElementChild,
            squared: pane.matches('.hero__lit--core, .hero__lit--halo'),
          },
        ]
      : [],
  );
}

/** A light at (x, y) with radius r: the window reaches 1.5 radii around it, the words go back. */
export function windowTransforms(x: number, y: number, r: number): { pane: string; words: string } {
  const dx = x - 1.5 * r;
  const dy = y - 1.5 * r;
  return {
    pane: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)`,
    words: `translate(${(-dx).toFixed(1)}px, ${(-dy).toFixed(1)}px)`,
  };
}

/** A point of a light's path, with Web Animations' per-keyframe offset and easing. */
export interface LightStop {
  readonly x: number;
  readonly y: number;
  readonly offset?: number;
  readonly easing?: string;
}

/** Plays the light along `path` on every window and its words (the compositor moves them). */
export function animateWindows(
  windows: readonly LitWindow[],
  path: readonly LightStop[],
  r: number,
  timing: KeyframeAnimationOptions,
): Animation[] {
  const keyframes = (part: 'pane' | 'words'): Keyframe[] =>
    path.map(({ x, y, offset, easing }) => ({
      offset,
      easing,
      transform: windowTransforms(x, y, r)[part],
    }));
  return windows.flatMap(({ pane, words }) => [
    pane.animate(keyframes('pane'), timing),
    words.animate(keyframes('words'), timing),
  ]);
}
