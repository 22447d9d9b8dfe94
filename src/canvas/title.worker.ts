// R3F and three.js expect a window and a document: given before they load.
import './workerGlobals';
import { type CanvasStatus, installClock, mirrorPage, settableClock } from '../motion/store';
import { runningClock } from '../motion/clock';
import { setFrameListener } from '../motion/frames';
import { canvasLight } from '../motion/lightProbe';
import { createTitleRenderer, NoWebGLError, type TitleRenderer } from './titleRenderer';
import type { ToWorker, FromWorker } from './workerTitle';

/** The title's canvas off the main thread: a message switch around the title renderer. */
const post = (message: FromWorker) => (self as unknown as Worker).postMessage(message);

let renderer: TitleRenderer | null = null;
let version = 0;
let resized: { width: number; height: number; dpr: number } | null = null;

// Each frame is reported twice: at once, counted when drawn (with nothing more to draw, the next
// animation frame can be a second away), and from the next animation frame, once committed to the
// compositor (what a caller of nextFrame() waits for).
setFrameListener((frames) => {
  const report = { frames, light: { ...canvasLight }, version };
  post({ type: 'frame', ...report, onScreen: false });
  requestAnimationFrame(() => post({ type: 'frame', ...report, onScreen: true }));
});
const events = { status: (canvas: CanvasStatus) => post({ type: 'status', canvas }) };

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'init':
      // The page's clock: its own, moved onto the page's timeline, or one set through the store.
      installClock(
        message.clock.runs
          ? runningClock(performance.timeOrigin - message.clock.timeOrigin)
          : settableClock(),
      );
      mirrorPage(message.state);
      try {
        renderer = await createTitleRenderer(message.canvas, message, events);
        if (resized) renderer.resize(resized.width, resized.height, resized.dpr);
      } catch (error) {
        if (!(error instanceof NoWebGLError)) throw error;
        post({ type: 'unavailable', reason: `${error.message} in a worker` });
      }
      break;
    case 'state':
      version = message.version;
      mirrorPage(message.state);
      break;
    case 'resize':
      resized = message;
      renderer?.resize(message.width, message.height, message.dpr);
      break;
    case 'lose-context':
      renderer?.loseContext();
      break;
    case 'restore-context':
      renderer?.restoreContext();
      break;
  }
};
