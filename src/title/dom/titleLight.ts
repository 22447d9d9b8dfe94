import { shallow } from 'zustand/shallow';
import { motionStore, now, startSweep, type MotionState } from '../../motion/store';
import { lightTarget, stepLight, sweepPathX, sweepSpan, type LightPoint } from '../model/lightLead';
import { lightRestX, TITLE_LINE_HEIGHT } from '../model/model';
import { SWEEP_RETURN_MS } from '../model/light';
import { lightPhase, type LightPhase } from '../model/lightPhase';
import { layoutOf, lightInputs } from '../model/titleFrame';
import { canvasLight } from '../model/canvasLight';
import { animateSweep, litWindows, type LitWindow } from './litWindows';
import { windowTransforms, type SweepPath } from '../model/litWindow';
import { crossfading, onCrossfaded } from '../crossfade';

/** Where the first paint's light was when the app took it over (`start`: performance.now()). */
export interface EarlyLight {
  readonly start: number;
  readonly x: number;
  readonly y: number;
}

/**
 * Ends the first paint's sweep (the lit copies' animations) where it is and says where, or null.
 * Every value is read before anything is written: one style update while the sweep runs, where
 * `commitStyles()` on each animation would cost one per animation.
 */
export function takeEarlyLight(box: HTMLElement): EarlyLight | null {
  const windows = litWindows(box);
  const moved = windows.flatMap(({ pane, words }) => [pane, words]);
  const running = moved.flatMap((el) => el.getAnimations());
  const pane = windows[0]?.pane;
  if (running.length === 0 || !pane) return null;
  const started = running[0]!.startTime;
  const rect = pane.getBoundingClientRect();
  // Where the compositor has each copy now; the copy stays there until the app moves it.
  const at = moved.map((el) => getComputedStyle(el).transform);
  for (const animation of running) animation.cancel();
  moved.forEach((el, i) => {
    const transform = at[i];
    if (transform && transform !== 'none') el.style.transform = transform;
  });
  return {
    start: typeof started === 'number' ? started : performance.now(),
    x: rect.left + rect.width / 2,
    y: rect.top + rect.height / 2,
  };
}

const inputs = (s: MotionState) => [...lightInputs(s), s.canvas];

/** What the lit copies show: the light's radius and place in the box's px, and its strength. */
interface LitLook {
  readonly r: number;
  readonly pane: string;
  readonly words: string;
  readonly intensity: number;
}

/** One frame of the CSS light, worked out from the store at clock time `t`. */
interface LightFrame {
  readonly phase: LightPhase;
  /** Where the light is after this frame (viewport px), and the time of its step. */
  readonly light: LightPoint;
  readonly look: LitLook;
  /** The sweep's path in the box's px, while the light is on it. */
  readonly path: SweepPath | null;
  /** Whether the light is still on its way: the next frame is asked for. */
  readonly moving: boolean;
}

/**
 * The CSS light's frame: its phase, its step from `was` to its target, and what the lit copies
 * show. `s` has a viewport and a sweep start. Pure: `was` is left as it is.
 */
function lightFrame(s: MotionState, t: number, was: LightPoint, onSweepPath: boolean): LightFrame {
  const { p, layout } = layoutOf(s);
  const target = lightTarget(s, layout, p, t);
  // Viewport px to the box's own px: the box is centred on the title and scaled about its centre.
  const startPx = layout.fontPx / layout.scale;
  const toBoxX = (x: number) => (x - layout.centerX) / layout.scale + (startPx * s.titleEm) / 2;
  const toBoxY = (y: number) =>
    (y - layout.centerY) / layout.scale + (startPx * TITLE_LINE_HEIGHT) / 2;
  const span = sweepSpan(layout, s.viewport!.width);
  const phase = lightPhase({
    reducedMotion: s.reducedMotion,
    elapsed: t - s.sweepStart!,
    sweepMs: span.ms,
    lead: target.lead,
    immediate: target.immediate,
    onSweepPath,
  });
  const light = { ...was };
  if (phase.kind === 'sweep' || phase.kind === 'leave')
    Object.assign(light, {
      x: sweepPathX(span, lightRestX(layout), phase.elapsed),
      y: target.y,
      last: t,
    });
  if (Number.isNaN(light.last)) light.last = t;
  const ease = phase.kind === 'leave' ? phase.ease : phase.kind === 'ease';
  const easing = phase.kind !== 'sweep' && stepLight(light, target, t, ease);
  const r = target.radius / layout.scale;
  const path =
    phase.kind === 'sweep'
      ? {
          from: toBoxX(span.from),
          to: toBoxX(span.to),
          rest: toBoxX(lightRestX(layout)),
          y: toBoxY(target.y),
          ms: span.ms,
        }
      : null;
  const look = {
    r,
    ...windowTransforms(toBoxX(light.x), toBoxY(light.y), r),
    intensity: target.intensity,
  };
  const moving = phase.kind !== 'sweep' && (target.animating || easing);
  return { phase, light, look, path, moving };
}

/** The lit copies of `box`, written a property at a time, and only when its value changes. */
function litCopies(box: HTMLElement): { copies: LitWindow[]; show: (look: LitLook) => void } {
  // The core and the halo burn with the intensity squared (what only the app needs is here, not
  // in the first-paint script's litWindows).
  const copies = litWindows(box).map((copy) => ({
    ...copy,
    squared: copy.pane.matches('.hero__lit--core, .hero__lit--halo'),
  }));
  const written = new Map<CSSStyleDeclaration, Record<string, string>>();
  const write = (style: CSSStyleDeclaration, name: string, value: string) => {
    const own = written.get(style) ?? {};
    written.set(style, own);
    if (own[name] === value) return;
    own[name] = value;
    style.setProperty(name, value);
  };
  const show = (look: LitLook) => {
    for (const copy of copies) {
      write(copy.pane.style, '--lit-r', `${look.r.toFixed(1)}px`);
      write(copy.pane.style, 'transform', look.pane);
      write(copy.words.style, 'transform', look.words);
      const i = look.intensity;
      write(copy.pane.style, 'opacity', (copy.squared ? i * i : i).toFixed(3));
    }
  };
  return { copies, show };
}

/**
 * The sweep and its return to rest, played by the compositor: no frame callback while they play.
 * `rested` runs at the rest, in a timer's task.
 */
function compositorSweep(copies: LitWindow[], rested: () => void) {
  let sweep: { key: string; animations: Animation[]; timer: number } | null = null;
  const stop = () => {
    if (!sweep) return;
    for (const animation of sweep.animations) animation.cancel();
    clearTimeout(sweep.timer);
    sweep = null;
  };
  const play = (path: SweepPath, r: number, start: number) => {
    const key = [path.from, path.to, path.rest, path.y, path.ms, r, start]
      .map((v) => v.toFixed(1))
      .join();
    if (sweep?.key === key) return;
    stop();
    const animations = animateSweep(copies, path, r);
    for (const animation of animations) animation.startTime = start;
    const end = start + path.ms + SWEEP_RETURN_MS;
    sweep = { key, animations, timer: window.setTimeout(rested, end - performance.now() + 20) };
  };
  return { play, stop };
}

/** The CSS light on the DOM title `box` while the canvas is not showing; returns its stop. */
export function attachTitleLight(box: HTMLElement, early: EarlyLight | null = null): () => void {
  let light: LightPoint = {
    x: early?.x ?? Number.NaN,
    y: early?.y ?? Number.NaN,
    last: Number.NaN,
  };
  let raf = 0;
  const { copies, show } = litCopies(box);
  // At rest, the light is handed on (or stopped under the canvas); during the handover's fade
  // that waits for the fade's end, which ends the sweep with it (onCrossfaded): one frame.
  const sweep = compositorSweep(copies, () => {
    if (!crossfading()) drawNow();
  });
  // The light is on the sweep's path (the sweep, then its return) until something else leads it.
  let onSweepPath = true;

  const active = (s: MotionState) =>
    s.onHome && s.viewport !== null && (s.canvas !== 'ready' || crossfading());

  const frame = () => {
    raf = 0;
    let s = motionStore.getState();
    if (!active(s)) {
      sweep.stop();
      return;
    }
    if (s.sweepStart === null) {
      startSweep(early?.start ?? now());
      if (!early) return; // the store change schedules the next frame
      // This frame draws the sweep: not the frame the store change asked for.
      cancelAnimationFrame(raf);
      raf = 0;
      s = motionStore.getState();
    }
    const next = lightFrame(s, now(), light, onSweepPath);
    light = next.light;
    onSweepPath = next.phase.kind === 'sweep';
    show(next.look);
    if (next.path) sweep.play(next.path, next.look.r, s.sweepStart!);
    else sweep.stop();
    if (next.moving) raf = requestAnimationFrame(frame);
  };
  const kick = () => {
    if (!raf) raf = requestAnimationFrame(frame);
  };
  // In this task, for a timer's end (the sweep's rest, the fade's): what it cancels and writes is
  // drawn in the one frame that end needs, where a frame callback would cancel it a frame later
  // and ask for one more.
  const drawNow = () => {
    cancelAnimationFrame(raf);
    frame();
  };

  const unsubscribeCanvas = motionStore.subscribe(
    (s) => s.canvas,
    (canvas, before) => {
      // A canvas shown before any sweep (its wait ran out): the sweep starts with it.
      if (canvas === 'ready') startSweep(now());
      // Back from the canvas (a lost context): the light goes on from where the canvas left it.
      if (before === 'ready' && Number.isFinite(canvasLight.x)) {
        light = { ...light, x: canvasLight.x, y: canvasLight.y };
        onSweepPath = false;
      }
    },
  );
  const unsubscribe = motionStore.subscribe(inputs, kick, {
    equalityFn: shallow,
    fireImmediately: true,
  });
  const unsubscribeFaded = onCrossfaded(drawNow);
  return () => {
    sweep.stop();
    unsubscribe();
    unsubscribeFaded();
    unsubscribeCanvas();
    cancelAnimationFrame(raf);
    raf = 0;
  };
}
