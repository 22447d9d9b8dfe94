/**
 * The title's light without WebGL: the same light as the canvas's shader, drawn by CSS on the DOM
 * title. It reads the same store and the same pure functions (lightTarget, stepLight) and writes
 * four custom properties on the title box (--light-x/-y/-r in the box's own px, --light-i), which
 * the lit copies' masks read (src/styles/global.css). A frame loop runs only while the light moves
 * (sweep, easing, attract loop, crossfade) and stops when it is still: no React render, no work
 * while still. See docs/title-light.md.
 */
import { shallow } from 'zustand/shallow';
import { motionStore, now, type MotionState } from '../motion/store';
import { lightTarget, stepLight, type LightLead } from '../motion/lightLead';
import {
  scrollProgress,
  titleLayout,
  TITLE_CROSSFADE_MS,
  TITLE_LINE_HEIGHT,
} from '../motion/model';
import { domFrameDrawn } from '../motion/frames';
import { lightProbe } from '../motion/lightProbe';

/** What the DOM light last did, for tests (like `__titleLight` for the canvas). */
export const domLightProbe = {
  x: Number.NaN,
  y: Number.NaN,
  lead: 'rest' as LightLead,
  running: false,
  frames: 0,
};

declare global {
  interface Window {
    __domLight?: Readonly<typeof domLightProbe>;
  }
}

const inputs = (s: MotionState) => [
  s.scrollY,
  s.viewport,
  s.pointer,
  s.testTime,
  s.testMode,
  s.reducedMotion,
  s.titleEm,
  s.titleWordsEm,
  s.sweepStart,
  s.canvas,
  s.onHome,
  s.eventMode,
  s.idle,
  s.lastInput,
];

/** Lights the DOM title box `box` while the canvas is not showing; returns a function that stops it. */
export function attachTitleLight(box: HTMLElement): () => void {
  if (typeof window !== 'undefined') window.__domLight = domLightProbe;
  const light = { x: Number.NaN, y: Number.NaN, last: 0 };
  let raf = 0;
  // Wall-clock end of the fade-out once the canvas is ready: the light keeps pace until then.
  let fadeUntil = -Infinity;
  const written: Record<string, string> = {};
  const write = (name: string, value: string) => {
    if (written[name] === value) return;
    written[name] = value;
    box.style.setProperty(name, value);
  };

  const active = (s: MotionState) =>
    s.onHome && s.viewport !== null && (s.canvas !== 'ready' || performance.now() < fadeUntil);

  const frame = () => {
    raf = 0;
    const s = motionStore.getState();
    if (!active(s)) {
      domLightProbe.running = false;
      return;
    }
    // The page owns the sweep's start: the first renderer to show the title lit starts it.
    if (s.sweepStart === null) {
      motionStore.setState({ sweepStart: now(s) });
      return; // the store change schedules the next frame
    }
    const p = scrollProgress(s.scrollY, s.viewport!.height);
    const layout = titleLayout(p, s.viewport, s.titleEm, s.titleWordsEm);
    const t = now(s);
    const target = lightTarget(s, layout, p, t);
    const ease = !target.immediate && !s.testMode && !s.reducedMotion;
    const easing = stepLight(light, target, t, ease);
    // Viewport px to the box's own px: the box is centred on the title and scaled about its centre.
    const startPx = layout.fontPx / layout.scale;
    const lx = (light.x - layout.centerX) / layout.scale + (startPx * s.titleEm) / 2;
    const ly = (light.y - layout.centerY) / layout.scale + (startPx * TITLE_LINE_HEIGHT) / 2;
    write('--light-x', lx.toFixed(1));
    write('--light-y', ly.toFixed(1));
    write('--light-r', (target.radius / layout.scale).toFixed(1));
    write('--light-i', target.intensity.toFixed(3));
    Object.assign(domLightProbe, { x: light.x, y: light.y, lead: target.lead });
    domLightProbe.frames++;
    domFrameDrawn();
    const fading = s.canvas === 'ready' && performance.now() < fadeUntil;
    const moving = (target.animating || easing) && !s.testMode;
    domLightProbe.running = moving || fading;
    if (moving || fading) raf = requestAnimationFrame(frame);
  };
  const kick = () => {
    if (!raf) raf = requestAnimationFrame(frame);
  };

  const unsubscribeCanvas = motionStore.subscribe(
    (s) => s.canvas,
    (canvas, before) => {
      const s = motionStore.getState();
      // Back from the canvas (a lost context): the light goes on from where the canvas left it.
      if (before === 'ready' && Number.isFinite(lightProbe.x)) {
        light.x = lightProbe.x;
        light.y = lightProbe.y;
      }
      fadeUntil =
        canvas === 'ready' && !s.testMode && !s.reducedMotion
          ? performance.now() + TITLE_CROSSFADE_MS
          : -Infinity;
    },
  );
  const unsubscribe = motionStore.subscribe(inputs, kick, {
    equalityFn: shallow,
    fireImmediately: true,
  });
  return () => {
    unsubscribe();
    unsubscribeCanvas();
    cancelAnimationFrame(raf);
    raf = 0;
    domLightProbe.running = false;
  };
}
