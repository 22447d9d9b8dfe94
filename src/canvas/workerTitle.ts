import { shallow } from 'zustand/shallow';
import { motionStore, type MotionState } from '../motion/store';
import { frameCounted, frameDrawnInWorker } from '../motion/frames';
import { lightProbe } from '../motion/lightProbe';
import type { TitleRenderer, TitleRendererOptions } from './titleRenderer';
import type { FromWorker, MirroredState, ToWorker } from './offscreenProtocol';
import { takeTitleWorker } from './titleWorker';

const mirrored = ({ canvas: _canvas, ...inputs }: MotionState): MirroredState => inputs;

/**
 * The title renderer in a worker, seen from the page: the same calls as createTitleRenderer, sent
 * as messages. The page mirrors the store's inputs into the worker and takes back its frames, its
 * canvas status and the light. `onUnavailable` hears when the worker gets no WebGL context.
 */
export function workerTitle(
  canvas: HTMLCanvasElement,
  options: TitleRendererOptions,
  onUnavailable: (reason: string) => void,
): TitleRenderer {
  const worker = takeTitleWorker();
  const send = (message: ToWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  let version = 0;

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.type === 'frame') {
      if (!message.onScreen) {
        Object.assign(lightProbe, message.light);
        frameCounted(message.frames);
      }
      // Test-mode waiters resolve only on a frame on screen that shows every input sent so far.
      else frameDrawnInWorker(message.frames, message.version === version);
    } else if (message.type === 'status') motionStore.setState({ canvas: message.canvas });
    else onUnavailable(message.reason);
  };
  worker.onerror = (event) => onUnavailable(`the worker failed: ${event.message}`);

  const offscreen = canvas.transferControlToOffscreen();
  send(
    {
      type: 'init',
      canvas: offscreen,
      ...options,
      refuseContext: options.refuseContext ?? false,
      state: mirrored(motionStore.getState()),
      timeOrigin: performance.timeOrigin,
    },
    [offscreen],
  );
  const unsubscribe = motionStore.subscribe(
    mirrored,
    (next, before) => {
      const changed: Partial<Record<keyof MirroredState, unknown>> = {};
      for (const key of Object.keys(next) as (keyof MirroredState)[])
        if (next[key] !== before[key]) changed[key] = next[key];
      send({ type: 'state', state: changed as Partial<MirroredState>, version: ++version });
    },
    { equalityFn: shallow },
  );

  return {
    resize: (width, height, dpr) => send({ type: 'resize', width, height, dpr }),
    loseContext: () => send({ type: 'lose-context' }),
    restoreContext: () => send({ type: 'restore-context' }),
    dispose() {
      unsubscribe();
      worker.terminate();
    },
  };
}
