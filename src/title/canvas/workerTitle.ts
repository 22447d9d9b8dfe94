import { shallow } from 'zustand/shallow';
import { motionStore, now, type MotionState } from '../../motion/store';
import { canvasLight } from '../model/canvasLight';
import { titleScroll } from '../model/titleFrame';
import type { RendererEvents, TitleRenderer, TitleRendererOptions } from './titleRenderer';
import { takeTitleWorker } from './start';
import type { FromWorker, MirroredState, ToWorker } from '../worker/messages';

/** The page's state as the worker needs it: the scroll only as far as the title follows it. */
const mirrored = ({ canvas: _canvas, ...inputs }: MotionState): MirroredState => ({
  ...inputs,
  scrollY: titleScroll(inputs),
});

/** The title renderer in a worker: createTitleRenderer's calls, sent as messages. */
export function workerTitle(
  canvas: HTMLCanvasElement,
  options: TitleRendererOptions,
  events: RendererEvents & { unavailable: (reason: string) => void },
): TitleRenderer {
  const worker = takeTitleWorker();
  const send = (message: ToWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  // While the light moves, the worker draws by the page's clock: its time once per page frame.
  let timeAsked = 0;
  const sendTime = () => {
    timeAsked = 0;
    send({ type: 'time', time: now() });
  };

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.type === 'frame') {
      Object.assign(canvasLight, message.light);
      if (message.light.moving && !timeAsked) timeAsked = requestAnimationFrame(sendTime);
    } else if (message.type === 'status') events.status(message.canvas);
    else events.unavailable(message.reason);
  };
  worker.onerror = (event) => events.unavailable(`the worker failed: ${event.message}`);

  const offscreen = canvas.transferControlToOffscreen();
  send(
    {
      type: 'init',
      canvas: offscreen,
      ...options,
      state: mirrored(motionStore.getState()),
      time: now(),
    },
    [offscreen],
  );
  const unsubscribe = motionStore.subscribe(
    mirrored,
    (next, before) => {
      const changed: Partial<Record<keyof MirroredState, unknown>> = {};
      for (const key of Object.keys(next) as (keyof MirroredState)[])
        if (next[key] !== before[key]) changed[key] = next[key];
      send({ type: 'state', state: changed as Partial<MirroredState>, time: now() });
    },
    { equalityFn: shallow },
  );

  return {
    resize: (width, height, dpr) => send({ type: 'resize', width, height, dpr }),
    dispose() {
      cancelAnimationFrame(timeAsked);
      unsubscribe();
      worker.terminate();
    },
  };
}
