import { useEffect, useRef } from 'react';
import { motionStore, type MotionState } from '../motion/store';
import { frameDrawnInWorker } from '../motion/frames';
import { lightProbe } from '../motion/lightProbe';
import { contextControls } from '../motion/testMode';
import { stripFor, TitleStrip } from './canvasStrip';
import type { FromWorker, MirroredState, ToWorker } from './offscreenProtocol';

const MIRRORED = (s: MotionState): Partial<MirroredState> => {
  // Everything but what the worker owns (the canvas status and the sweep's start).
  const { canvas: _canvas, sweepStart: _sweepStart, ...inputs } = s;
  return inputs;
};

/**
 * The title's canvas with its rendering in a worker (title.worker.tsx): the page only hands over
 * an OffscreenCanvas, mirrors the store's inputs into the worker, moves the strip with the title
 * and fades the canvas in. three.js, troika and every frame of the sweep stay off the main thread.
 */
export default function OffscreenTitle() {
  const stripRef = useRef<HTMLDivElement>(null);
  const fadeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const strip = stripRef.current;
    const fade = fadeRef.current;
    if (!strip || !fade) return;
    // A canvas hands its control over once: each run of this effect (StrictMode runs it twice in
    // development) makes its own, and takes it away again.
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.style.cssText = 'display: block; width: 100%; height: 100%';
    fade.append(canvas);
    const worker = new Worker(new URL('./title.worker.tsx', import.meta.url), { type: 'module' });
    const send = (message: ToWorker, transfer: Transferable[] = []) =>
      worker.postMessage(message, transfer);
    const dpr = () => Math.min(2, window.devicePixelRatio || 1);
    const size = () => ({ width: strip.clientWidth, height: strip.clientHeight });
    let version = 0;

    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === 'frame') {
        Object.assign(lightProbe, message.light);
        // Test-mode waiters resolve only on a frame that shows every input sent so far.
        frameDrawnInWorker(message.frames, message.version === version);
      } else {
        motionStore.setState({ canvas: message.canvas, sweepStart: message.sweepStart });
      }
    };
    worker.onerror = (event) => {
      console.warn('The canvas worker failed; the outlined title stays.', event.message);
      motionStore.setState({ canvas: 'unavailable' });
    };

    // The strip follows the title; the page may have scrolled since the first render.
    const place = (s: MotionState) => {
      const { height, transform } = stripFor(s);
      if (strip.style.height !== `${height}px`) strip.style.height = `${height}px`;
      strip.style.transform = transform;
    };
    place(motionStore.getState());

    const offscreen = canvas.transferControlToOffscreen();
    const start = motionStore.getState();
    send(
      {
        type: 'init',
        canvas: offscreen,
        ...size(),
        dpr: dpr(),
        timeOrigin: performance.timeOrigin,
        state: { ...MIRRORED(start), sweepStart: start.sweepStart },
      },
      [offscreen],
    );

    const unsubscribe = motionStore.subscribe((s, prev) => {
      const next = MIRRORED(s);
      const before = MIRRORED(prev) as Record<string, unknown>;
      const changed: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(next))
        if (before[key] !== value) changed[key] = value;
      if (Object.keys(changed).length > 0)
        send({ type: 'state', state: changed as Partial<MirroredState>, version: ++version });
      if (s.scrollY !== prev.scrollY || s.viewport !== prev.viewport || s.titleEm !== prev.titleEm)
        place(s);
    });
    const resized = new ResizeObserver(() => send({ type: 'resize', ...size(), dpr: dpr() }));
    resized.observe(strip);
    contextControls.lose = () => send({ type: 'lose-context' });
    contextControls.restore = () => send({ type: 'restore-context' });
    return () => {
      unsubscribe();
      resized.disconnect();
      worker.terminate();
      canvas.remove();
    };
  }, []);

  return <TitleStrip stripRef={stripRef} fadeRef={fadeRef} />;
}
