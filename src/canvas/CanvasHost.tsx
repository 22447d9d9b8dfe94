import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { motionStore, now } from '../motion/store';
import { attachMotionListeners } from '../motion/listeners';
import { installTestMode, isTestMode } from '../motion/testMode';
import {
  afterFirstPaintAndLoad,
  idle,
  sweepOver,
  titlePaths,
  webglAvailable,
  type TitlePath,
} from './webgl';
import type TitleCanvasComponent from './TitleCanvas';
import { startTitleWorker } from './titleWorker';

type Loaded = { path: TitlePath; Canvas: typeof TitleCanvasComponent };

/** The longest the canvas waits for an idle moment after the load. */
const IDLE_WAIT_MS = 2000;

const WHERE: Record<TitlePath, string> = { worker: 'in a worker', page: 'in the page' };

/**
 * Feeds the motion store and hosts the app's one persistent canvas, on the first path that works
 * (titlePaths): in a worker, else in the page, else the outlined DOM title stays. Loaded only on
 * the home page; once loaded it stays mounted across routes (hidden off the home page) so its
 * context lives on.
 */
export function CanvasHost() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const paths = useRef<TitlePath[] | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isTestMode(window.location.search)) installTestMode();
    return attachMotionListeners();
  }, []);

  useEffect(() => {
    motionStore.setState({ onHome });
    if (!onHome || loaded) return;
    let live = true;
    const search = window.location.search;
    paths.current ??= titlePaths(search);
    const path = paths.current[0];
    if (!path) {
      motionStore.setState({ canvas: 'unavailable' });
      return;
    }
    // Both wait for the first paint, the load, the end of the intro sweep and an idle moment:
    // the title is lit by the CSS light meanwhile, the canvas takes over a light at rest, and
    // on a 2-core phone the worker's set-up (and the GPU process's) would slow the page's own
    // start and the sweep's frames. The page's canvas also waits for a WebGL probe (a context).
    const ready = afterFirstPaintAndLoad()
      .then(sweepOver)
      .then(() => idle(IDLE_WAIT_MS))
      .then(() => (path === 'worker' ? (startTitleWorker(), true) : webglAvailable(search)));
    void ready
      .then((works) => (works ? import('./TitleCanvas') : null))
      .then((m) => {
        if (!live) return;
        if (m) setLoaded({ path, Canvas: m.default });
        else motionStore.setState({ canvas: 'unavailable' });
      })
      .catch((err: unknown) => {
        console.warn('The canvas title could not load; the outlined title stays.', err);
        motionStore.setState({ canvas: 'unavailable' });
      });
    return () => {
      live = false;
    };
  }, [onHome, loaded]);

  // The path in use got no WebGL context: the next one takes over at once.
  const unavailable = useCallback((reason: string) => {
    const failed = paths.current?.shift();
    const next = paths.current?.[0];
    console.warn(
      `The title cannot be drawn ${failed ? WHERE[failed] : ''} (${reason}); ` +
        (next ? `drawing it ${WHERE[next]} instead.` : 'the outlined title stays.'),
    );
    motionStore.setState({ canvas: next ? 'loading' : 'unavailable' });
    setLoaded(null);
  }, []);

  // The page owns the sweep's start: the first time the title shows lit, if nothing set it before.
  useEffect(
    () =>
      motionStore.subscribe(
        (s) => s.canvas,
        (canvas) => {
          if (canvas === 'ready' && motionStore.getState().sweepStart === null)
            motionStore.setState({ sweepStart: now() });
        },
      ),
    [],
  );

  // Hidden while it has no frame with the title: a hidden canvas is not composited, so the page
  // never waits for the GPU to set up the context and compile shaders. Written to the style
  // directly, like every other store-driven change: no React commit.
  useEffect(() => {
    if (!loaded) return;
    return motionStore.subscribe(
      (s) => s.canvas,
      (canvas) => {
        if (wrapper.current)
          wrapper.current.style.visibility = canvas === 'loading' ? 'hidden' : '';
      },
      { fireImmediately: true },
    );
  }, [loaded]);

  if (!loaded) return null;
  const { path, Canvas } = loaded;
  return (
    <div
      ref={wrapper}
      className="title-canvas"
      data-visible={onHome ? 'true' : 'false'}
      data-path={path}
      style={{ visibility: 'hidden' }}
      aria-hidden="true"
    >
      <Canvas key={path} path={path} onUnavailable={unavailable} />
    </div>
  );
}
