/**
 * The title's canvas, off the main thread: R3F renders TitleScene into an OffscreenCanvas handed
 * over by the page. The page mirrors the motion store's inputs here; this side reports drawn
 * frames, the canvas status and the light back. Evaluating three.js and troika, laying out the
 * text and drawing every frame of the sweep then cost the page's main thread nothing.
 */
import { createRoot, type ReconcilerRoot } from '@react-three/fiber';
import { motionStore, alignClock, type MotionState } from '../motion/store';
import { setFrameListener } from '../motion/frames';
import { lightProbe } from '../motion/lightProbe';
import type { ToWorker, FromWorker } from './offscreenProtocol';

// troika creates its glyph atlas with document.createElement('canvas'), and reads
// window.devicePixelRatio through R3F; a worker has neither, so both are given here. Vite's
// development client (in the worker's modules under `npm start`) then takes it for a page and
// looks up its style and link tags: there are none.
const scope = globalThis as unknown as {
  document?: unknown;
  window?: unknown;
  devicePixelRatio?: number;
};
scope.document ??= {
  createElement: (tag: string) => (tag === 'canvas' ? new OffscreenCanvas(1, 1) : {}),
  querySelector: () => null,
  querySelectorAll: () => [],
};
scope.window ??= globalThis;

const post = (message: FromWorker) => (self as unknown as Worker).postMessage(message);

let root: ReconcilerRoot<OffscreenCanvas> | null = null;
let loseContext: WEBGL_lose_context | null = null;
/** The last mirrored state applied: each frame says which inputs it shows. */
let version = 0;

// Reported from the worker's next animation frame: by then the drawn frame has been committed
// to the compositor, so the page (and a test taking a screenshot) can see it.
setFrameListener((frames) => {
  const report: FromWorker = { type: 'frame', frames, light: { ...lightProbe }, version };
  requestAnimationFrame(() => post(report));
});
motionStore.subscribe((s, prev) => {
  if (s.canvas !== prev.canvas || s.sweepStart !== prev.sweepStart) {
    post({ type: 'status', canvas: s.canvas, sweepStart: s.sweepStart });
  }
});

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'init': {
      scope.devicePixelRatio = message.dpr;
      alignClock(message.timeOrigin);
      motionStore.setState(message.state);
      const { canvas } = message;
      canvas.addEventListener('webglcontextlost', (e) => {
        e.preventDefault();
        motionStore.setState({ canvas: 'lost' });
      });
      canvas.addEventListener('webglcontextrestored', () => {
        motionStore.setState({ canvas: 'loading' });
        motionStore.setState({}); // wakes the scene: the next frame redraws on the new context
      });
      const { WorkerScene } = await import('./WorkerScene');
      root = createRoot(canvas);
      await root.configure({
        orthographic: true,
        camera: { position: [0, 0, 100], zoom: 1, near: 0.1, far: 1000 },
        frameloop: 'demand',
        dpr: message.dpr,
        size: { width: message.width, height: message.height, top: 0, left: 0 },
        gl: { alpha: true, antialias: false, powerPreference: 'high-performance' },
        // Kept from the start: a lost context hands out no extensions.
        onCreated: (state) => {
          loseContext = state.gl.getContext().getExtension('WEBGL_lose_context');
        },
      });
      root.render(<WorkerScene />);
      break;
    }
    case 'state':
      version = message.version;
      motionStore.setState(message.state as Partial<MotionState>);
      break;
    case 'resize':
      scope.devicePixelRatio = message.dpr;
      await root?.configure({
        size: { width: message.width, height: message.height, top: 0, left: 0 },
        dpr: message.dpr,
      });
      break;
    case 'lose-context':
      loseContext?.loseContext();
      break;
    case 'restore-context':
      loseContext?.restoreContext();
      break;
  }
};
