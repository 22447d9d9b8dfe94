// R3F and three.js expect a window and a document: given before they load.
import './workerGlobals';
import { type CanvasStatus, alignClock, mirrorPage, motionStore } from '../motion/store';
import { setFrameListener } from '../motion/frames';
import { lightProbe } from '../motion/lightProbe';
import { createTitleRenderer, NoWebGLError, type TitleRenderer } from './titleRenderer';
import type { ToWorker, FromWorker } from './workerTitle';

/** The title's canvas off the main thread: a message switch around the title renderer. */
const post = (message: FromWorker) => (self as unknown as Worker).postMessage(message);

let renderer: TitleRenderer | null = null;
let version = 0;
let resized: { width: number; height: number; dpr: number } | null = null;

// Counted at once (the next frame may be a second away); in test mode again once committed.

setFrameListener((frames) => {
  const report = { frames, light: { ...lightProbe }, version };
  post({ type: 'frame', ...report, onScreen: false });
  if (motionStore.getState().testMode)
    requestAnimationFrame(() => post({ type: 'frame', ...report, onScreen: true }));
});
const events = { status: (canvas: CanvasStatus) => post({ type: 'status', canvas }) };

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'init':
      alignClock(message.timeOrigin);
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
