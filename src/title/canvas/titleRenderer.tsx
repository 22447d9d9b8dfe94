import {
  addAfterEffect,
  createRoot,
  invalidate,
  type ReconcilerRoot,
  type RenderProps,
} from '@react-three/fiber';
import { WebGLRenderer } from 'three';
import { shallow } from 'zustand/shallow';
import { motionStore, type CanvasStatus } from '../../motion/store';
import { lightInputs } from '../model/titleFrame';
import { TitleScene, type SceneStatus } from './TitleScene';
import { EventModeDpr } from './EventModeDpr';
import { gpuFinished } from './gpuWarmup';
import { capDpr } from './pixelRatio';
// Before any root's store is built: its THREE.Clock's deprecation notice is left out.
import './threeConsole';

/** The strip's size in CSS px and the device's pixel ratio (capped here). */
export interface TitleRendererOptions {
  width: number;
  height: number;
  dpr: number;
}

export interface RendererEvents {
  status: (canvas: CanvasStatus) => void;
  /** After each drawn frame: the worker reports it to the page. */
  frame?: () => void;
}

/** The title's renderer. */
export interface TitleRenderer {
  resize(width: number, height: number, dpr: number): void;
  dispose(): void;
}

/** The canvas gave no WebGL context: the caller takes the next path. */
export class NoWebGLError extends Error {}

/** How often the first frame's fence is polled: a frame's time. */
const GPU_POLL_MS = 16;

/** Orthographic, in CSS px: one unit is one pixel of the strip. */
const CAMERA = { position: [0, 0, 100] as const, zoom: 1, near: 0.1, far: 1000 };

const CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: true,
  antialias: false,
  powerPreference: 'high-performance',
};

/** Draws the lit title into `canvas`, in the page or a worker (docs/canvas.md). */
export async function createTitleRenderer(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  options: TitleRendererOptions,
  events: RendererEvents,
): Promise<TitleRenderer> {
  const context = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES) as WebGL2RenderingContext | null;
  if (!context) throw new NoWebGLError('no WebGL2 context');

  const root: ReconcilerRoot<HTMLCanvasElement | OffscreenCanvas> = createRoot(canvas);
  // Configured in full: R3F resets an input left out (no `frameloop`: drawn continuously).
  const props = (width: number, height: number, dpr: number): RenderProps<typeof canvas> => ({
    orthographic: true,
    camera: CAMERA,
    frameloop: 'demand',
    dpr: capDpr(dpr),
    size: { width, height, top: 0, left: 0 },
    gl: (defaults) => new WebGLRenderer({ ...defaults, ...CONTEXT_ATTRIBUTES, canvas, context }),
  });
  await root.configure(props(options.width, options.height, options.dpr));

  const scene: SceneStatus = { textShown: false };
  let status: CanvasStatus = 'loading';
  const report = (next: CanvasStatus) => {
    status = next;
    events.status(next);
  };
  const unsubscribers: (() => void)[] = [];

  // "ready" once the GPU has drawn the first frame with the text, or the page fades in a blank one.
  let showing = false;
  let disposed = false;
  unsubscribers.push(
    addAfterEffect(() => {
      events.frame?.();
      if (!scene.textShown || showing || status !== 'loading') return;
      showing = true;
      void gpuFinished(context, GPU_POLL_MS)
        .then(() => new Promise((r) => requestAnimationFrame(r)))
        .then(() => {
          showing = false;
          if (!disposed && status === 'loading' && !context.isContextLost()) report('ready');
        });
    }),
  );
  unsubscribers.push(
    motionStore.subscribe(lightInputs, () => motionStore.getState().onHome && invalidate(), {
      equalityFn: shallow,
    }),
  );

  const onLost = (e: Event) => {
    e.preventDefault(); // lets the browser restore it
    report('lost');
  };
  const onRestored = () => {
    report('loading');
    invalidate();
  };
  canvas.addEventListener('webglcontextlost', onLost);
  canvas.addEventListener('webglcontextrestored', onRestored);

  root.render(
    <>
      <EventModeDpr maxDpr={capDpr(options.dpr)} />
      <TitleScene status={scene} />
    </>,
  );

  return {
    resize(width, height, dpr) {
      void root.configure(props(width, height, dpr));
    },
    dispose() {
      disposed = true;
      unsubscribers.forEach((u) => u());
      canvas.removeEventListener('webglcontextlost', onLost);
      canvas.removeEventListener('webglcontextrestored', onRestored);
      root.unmount();
    },
  };
}
