/** A keyframe's own timing, which says nothing of the value it holds. */
const TIMING = new Set(['offset', 'computedOffset', 'easing', 'composite']);
const valueOf = (frame: ComputedKeyframe) =>
  JSON.stringify(Object.entries(frame).filter(([key]) => !TIMING.has(key)));
/** A frame into the rest: the timer (whole ms) must not cut the motion's last frame short. */
const INTO_REST_MS = 20;

/**
 * Ends an animation with a timer once it has reached the value it holds to its end, instead of at
 * its end. Chromium services the page's timeline every frame over an animation's last ~40 ms:
 * about four main-thread frames at the display's rate (style, paint and commit each), where the
 * timer's cancel costs one (docs/bench.md, fourteenth session). What the element shows without
 * the animation must be what the rest shows. Timed once the animation has started (a new one
 * starts at its first frame); an animation with no rest at its end is left to end. Returns the
 * timer's clear.
 */
export function endInRest(animation: Animation): () => void {
  let timer = 0;
  let cleared = false;
  animation.ready.then(
    () => {
      const effect = animation.effect;
      if (cleared || !(effect instanceof KeyframeEffect)) return;
      const frames = effect.getKeyframes();
      const duration = Number(effect.getComputedTiming().duration);
      const last = frames.at(-1);
      if (!last || !(duration > 0)) return;
      let rest = frames.length - 1;
      while (rest > 0 && valueOf(frames[rest - 1]!) === valueOf(last)) rest--;
      const from = frames[rest]!.computedOffset * duration;
      if (from >= duration) return;
      const wait = from + INTO_REST_MS - Number(animation.currentTime ?? 0);
      timer = window.setTimeout(() => animation.cancel(), Math.max(0, wait));
    },
    // Cancelled before it started.
    () => {},
  );
  return () => {
    cleared = true;
    clearTimeout(timer);
  };
}

/**
 * Ends every animation of `el` and its pseudo-elements in its rest (endInRest): those playing now
 * and each CSS animation that starts later (one restarts when its element is shown again after
 * `display: none`). Returns the stop.
 */
export function endEveryRunInRest(el: Element): () => void {
  let clears: (() => void)[] = [];
  const clear = () => {
    for (const c of clears) c();
  };
  const end = () => {
    clear();
    clears = el.getAnimations({ subtree: true }).map(endInRest);
  };
  end();
  el.addEventListener('animationstart', end);
  return () => {
    el.removeEventListener('animationstart', end);
    clear();
  };
}
