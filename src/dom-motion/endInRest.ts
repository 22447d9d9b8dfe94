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
 * timer's cancel costs one. What the element shows
 * without the animation must be what the rest shows. An animation with no rest at its end is left
 * to end.
 * `ended` runs after the timer's cancel. Returns the timer's clear.
 *
 * The keyframes and timing are read at once: a CSS animation's are read through the style, which
 * is up to date when its animations have just been found, and a read after other writes would
 * restyle the page for it. The timer is set once the animation has started (a new one starts at
 * its first frame).
 */
export function endInRest(animation: Animation, ended?: () => void): () => void {
  let timer = 0;
  let cleared = false;
  const clear = () => {
    cleared = true;
    clearTimeout(timer);
  };
  const effect = animation.effect;
  if (!(effect instanceof KeyframeEffect)) return clear;
  const frames = effect.getKeyframes();
  const duration = Number(effect.getComputedTiming().duration);
  const last = frames.at(-1);
  if (!last || !(duration > 0)) return clear;
  let rest = frames.length - 1;
  while (rest > 0 && valueOf(frames[rest - 1]!) === valueOf(last)) rest--;
  const from = frames[rest]!.computedOffset * duration;
  if (from >= duration) return clear;
  const time = () => {
    if (cleared) return;
    const wait = from + INTO_REST_MS - Number(animation.currentTime ?? 0);
    timer = window.setTimeout(
      () => {
        animation.cancel();
        ended?.();
      },
      Math.max(0, wait),
    );
  };
  if (!animation.pending) time();
  // Cancelled before it started: nothing to end.
  else animation.ready.then(time, () => {});
  return clear;
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
    clears = el.getAnimations({ subtree: true }).map((animation) => endInRest(animation));
  };
  end();
  el.addEventListener('animationstart', end);
  return () => {
    el.removeEventListener('animationstart', end);
    clear();
  };
}
