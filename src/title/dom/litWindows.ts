import { ANIMATION_HOLD_MS, SWEEP_RETURN_MS } from '../model/light';
import { windowTransforms, type SweepPath } from '../model/litWindow';

export interface LitWindow {
  readonly pane: HTMLElement;
  readonly words: HTMLElement;
}

export function litWindows(box: ParentNode): LitWindow[] {
  return [...box.querySelectorAll<HTMLElement>('.hero__lit')].flatMap((pane) =>
    pane.firstElementChild instanceof HTMLElement ? [{ pane, words: pane.firstElementChild }] : [],
  );
}

/** Before the app: moves each lit copy's words over the <h1>'s, so the app reflows none. */
export function placeLitWords(box: HTMLElement): void {
  // Every rect is read before any style is written: one layout, not one per word.
  const origin = box.getBoundingClientRect();
  const targets = [...box.querySelectorAll('.hero__title-text .hero__word')].map((word) => {
    const r = word.getBoundingClientRect();
    return { x: r.left - origin.left, y: r.top - origin.top };
  });
  const moves = litWindows(box).flatMap(({ words }) => {
    // The words' block sits at the box's origin: its window and its own transform cancel out.
    const own = words.getBoundingClientRect();
    return [...words.querySelectorAll<HTMLElement>('.hero__word')].flatMap((word, i) => {
      const target = targets[i];
      if (!target) return [];
      const r = word.getBoundingClientRect();
      const moved = placed.get(word) ?? { dx: 0, dy: 0 };
      const dx = target.x - (r.left - own.left - moved.dx);
      const dy = target.y - (r.top - own.top - moved.dy);
      return [{ word, dx, dy }];
    });
  });
  for (const { word, dx, dy } of moves) {
    placed.set(word, { dx, dy });
    word.style.transform =
      Math.abs(dx) < 0.05 && Math.abs(dy) < 0.05
        ? ''
        : `translate(${dx.toFixed(2)}px, ${dy.toFixed(2)}px)`;
  }
}

/** The moves placeLitWords gave, by word. */
const placed = new WeakMap<HTMLElement, { dx: number; dy: number }>();

/** Plays the sweep and its return to rest on every window and its words (the compositor moves them). */
export function animateSweep(
  windows: readonly LitWindow[],
  path: SweepPath,
  r: number,
): Animation[] {
  const total = path.ms + SWEEP_RETURN_MS;
  const length = total + ANIMATION_HOLD_MS;
  const stops = [
    { x: path.from },
    { x: path.to, offset: path.ms / length, easing: 'ease-out' },
    { x: path.rest, offset: total / length },
    { x: path.rest },
  ];
  const keyframes = (part: 'pane' | 'words'): Keyframe[] =>
    stops.map(({ x, ...timing }) => ({
      ...timing,
      transform: windowTransforms(x, path.y, r)[part],
    }));
  const timing = { duration: length, fill: 'forwards' } as const;
  return windows.flatMap(({ pane, words }) => [
    pane.animate(keyframes('pane'), timing),
    words.animate(keyframes('words'), timing),
  ]);
}
