import { shallow } from 'zustand/shallow';
import { motionStore, now, pageClock, startSweep, type MotionState } from '../motion/store';
import { lightTarget, stepLight, sweepPathX, sweepSpan, type LightLead } from '../motion/lightLead';
import { lightRestX, TITLE_LINE_HEIGHT } from '../motion/model';
import { SWEEP_RETURN_MS } from '../motion/light';
import { lightPhase } from './lightPhase';
import { layoutOf, lightInputs } from '../motion/titleFrame';
import { domFrameDrawn } from '../motion/frames';
import { canvasLight } from '../motion/lightProbe';
import { exposeProbe } from '../testing/probes';
import { animateSweep, litWindows, windowTransforms, type SweepPath } from './litWindows';
import { crossfading, onCrossfaded } from '../dom-motion/crossfade';

/** What the DOM light did last, for tests (the probe `domLight`). */
export const domLightProbe = {
  x: Number.NaN,
  y: Number.NaN,
  lead: 'rest' as LightLead,
  running: false,
  frames: 0,
};

export type DomLightProbe = typeof domLightProbe;

declare module '../testing/probes' {
  interface Probes {
    /** What the CSS light on the DOM title did last. */
    domLight?: Readonly<DomLightProbe>;
  }
}

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

/** The CSS light on the DOM title `box` while the canvas is not showing; returns its stop. */
export function attachTitleLight(box: HTMLElement, early: EarlyLight | null = null): () => void {
  exposeProbe('domLight', domLightProbe);
  const light = { x: early?.x ?? Number.NaN, y: early?.y ?? Number.NaN, last: Number.NaN };
  let raf = 0;
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

  // The compositor plays the sweep and its return to rest: no frame callback while they play.
  let sweep: { key: string; animations: Animation[]; timer: number } | null = null;
  // The light is on the sweep's path (the sweep, then its return) until something else leads it.
  let onSweepPath = true;
  const stopSweep = () => {
    if (!sweep) return;
    for (const animation of sweep.animations) animation.cancel();
    clearTimeout(sweep.timer);
    sweep = null;
  };
  const playSweep = (path: SweepPath, r: number, start: number) => {
    const key = [path.from, path.to, path.rest, path.y, path.ms, r, start]
      .map((v) => v.toFixed(1))
      .join();
    if (sweep?.key === key) return;
    stopSweep();
    const animations = animateSweep(copies, path, r);
    for (const animation of animations) animation.startTime = start;
    const end = start + path.ms + SWEEP_RETURN_MS;
    // At rest, the light is handed on (or stopped under the canvas); during the handover's fade
    // that waits for the fade's end, which ends the sweep with it (onCrossfaded): one frame.
    const rested = () => {
      if (!crossfading()) drawNow();
    };
    sweep = { key, animations, timer: window.setTimeout(rested, end - performance.now() + 20) };
  };

  const active = (s: MotionState) =>
    s.onHome && s.viewport !== null && (s.canvas !== 'ready' || crossfading());

  const frame = () => {
    raf = 0;
    let s = motionStore.getState();
    if (!active(s)) {
      stopSweep();
      domLightProbe.running = false;
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
    const { p, layout } = layoutOf(s);
    const t = now();
    const runs = pageClock().runs;
    const target = lightTarget(s, layout, p, t);
    // Viewport px to the box's own px: the box is centred on the title and scaled about its centre.
    const startPx = layout.fontPx / layout.scale;
    const toBoxX = (x: number) => (x - layout.centerX) / layout.scale + (startPx * s.titleEm) / 2;
    const toBoxY = (y: number) =>
      (y - layout.centerY) / layout.scale + (startPx * TITLE_LINE_HEIGHT) / 2;
    const span = sweepSpan(layout, s.viewport!.width);
    const phase = lightPhase({
      clockRuns: runs,
      reducedMotion: s.reducedMotion,
      elapsed: t - s.sweepStart!,
      sweepMs: span.ms,
      lead: target.lead,
      immediate: target.immediate,
      onSweepPath,
    });
    onSweepPath = phase.kind === 'sweep';
    if (phase.kind === 'sweep' || phase.kind === 'leave') {
      const x = sweepPathX(span, lightRestX(layout), phase.elapsed);
      Object.assign(light, { x, y: target.y, last: t });
    }
    if (Number.isNaN(light.last)) light.last = t;
    let easing = false;
    if (phase.kind === 'leave') easing = stepLight(light, target, t, phase.ease);
    else if (phase.kind === 'ease') easing = stepLight(light, target, t, true);
    else if (phase.kind === 'jump') stepLight(light, target, t, false);
    const lx = toBoxX(light.x);
    const ly = toBoxY(light.y);
    const r = target.radius / layout.scale;
    const at = windowTransforms(lx, ly, r);
    const i = target.intensity;
    for (const copy of copies) {
      write(copy.pane.style, '--lit-r', `${r.toFixed(1)}px`);
      write(copy.pane.style, 'transform', at.pane);
      write(copy.words.style, 'transform', at.words);
      write(copy.pane.style, 'opacity', (copy.squared ? i * i : i).toFixed(3));
    }
    Object.assign(domLightProbe, { x: light.x, y: light.y, lead: target.lead });
    domLightProbe.frames++;
    domFrameDrawn();
    if (phase.kind === 'sweep') {
      const path = {
        from: toBoxX(span.from),
        to: toBoxX(span.to),
        rest: toBoxX(lightRestX(layout)),
        y: toBoxY(target.y),
        ms: span.ms,
      };
      playSweep(path, r, s.sweepStart!);
      domLightProbe.running = true;
      return;
    }
    stopSweep();
    // Under the fading title a moving light keeps pace with the canvas's.
    const moving =
      phase.kind === 'jump' ? phase.frames && target.animating : target.animating || easing;
    domLightProbe.running = moving;
    if (moving) raf = requestAnimationFrame(frame);
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
        light.x = canvasLight.x;
        light.y = canvasLight.y;
      }
    },
  );
  const unsubscribe = motionStore.subscribe(inputs, kick, {
    equalityFn: shallow,
    fireImmediately: true,
  });
  const unsubscribeFaded = onCrossfaded(drawNow);
  return () => {
    stopSweep();
    unsubscribe();
    unsubscribeFaded();
    unsubscribeCanvas();
    cancelAnimationFrame(raf);
    raf = 0;
    domLightProbe.running = false;
  };
}
