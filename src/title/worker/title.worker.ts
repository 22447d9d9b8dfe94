import { type CanvasStatus, installClock, mirrorPage } from '../../motion/store';
import type { Clock } from '../../motion/clock';
import { canvasLight } from '../model/canvasLight';
import { invalidate } from '@react-three/fiber';
import { createTitleRenderer, NoWebGLError, type TitleRenderer } from '../canvas/titleRenderer';
import type { ToWorker, FromWorker } from './messages';

/** The title's canvas off the main thread: a message switch around the title renderer. */
const post = (message: FromWorker) => (self as unknown as Worker).postMessage(message);

/** The page's clock, as far as its messages tell it: the worker reads no time of its own. */
let pageTime = 0;
const timers = new Set<{ at: number; fn: () => void }>();
const pageClock: Clock = {
  now: () => pageTime,
  after: (ms, fn) => {
    const timer = { at: pageTime + ms, fn };
    timers.add(timer);
    return () => void timers.delete(timer);
  },
};
function timeIs(time: number): void {
  pageTime = time;
  for (const timer of [...timers]) if (timer.at <= time && timers.delete(timer)) timer.fn();
}
installClock(pageClock);

let renderer: TitleRenderer | null = null;
let resized: { width: number; height: number; dpr: number } | null = null;

const events = {
  status: (canvas: CanvasStatus) => post({ type: 'status', canvas }),
  // Each frame is reported when drawn: the page learns where the light is and whether it moves.
  frame: () => post({ type: 'frame', light: { ...canvasLight } }),
};

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'init':
      timeIs(message.time);
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
      timeIs(message.time);
      mirrorPage(message.state);
      break;
    case 'time':
      // Sent while the light is on its way: it draws again once the page's time has moved.
      if (message.time !== pageTime) invalidate();
      timeIs(message.time);
      break;
    case 'resize':
      resized = message;
      renderer?.resize(message.width, message.height, message.dpr);
      break;
  }
};
