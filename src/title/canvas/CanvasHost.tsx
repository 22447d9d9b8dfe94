import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { motionStore, setCanvasStatus } from '../../motion/store';
import { afterFailedPath, titlePaths, type TitlePath } from './path';
import { canvasStart } from './start';
import { TitleStrip } from './TitleStrip';
import type TitleCanvasComponent from './TitleCanvas';

type Loaded = { path: TitlePath; Canvas: typeof TitleCanvasComponent };

/**
 * The app's one persistent canvas, on the first path that works, once start.ts lets it start. Its
 * strip is part of the page from the first paint, hidden: starting the canvas then adds a
 * <canvas> to it and lays out nothing else (docs/canvas.md).
 */
export function CanvasHost() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const paths = useRef<TitlePath[] | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const fade = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!onHome || loaded) return;
    paths.current ??= titlePaths(window.location.search);
    const path = paths.current[0];
    if (!path) {
      setCanvasStatus('unavailable');
      return;
    }
    let live = true;
    loadCanvas(path)
      .then((next) => {
        if (!live) return;
        if (next) setLoaded(next);
        else setCanvasStatus('unavailable');
      })
      .catch((err: unknown) => {
        console.warn('The canvas title could not load; the outlined title stays.', err);
        setCanvasStatus('unavailable');
      });
    return () => {
      live = false;
    };
  }, [onHome, loaded]);

  const unavailable = useCallback((reason: string) => {
    const { left, warning } = afterFailedPath(paths.current ?? [], reason);
    paths.current = left;
    console.warn(warning);
    setCanvasStatus(left.length > 0 ? 'loading' : 'unavailable');
    setLoaded(null);
  }, []);
  useHiddenWhileLoading(wrapper, loaded !== null);

  return (
    <div
      ref={wrapper}
      className="title-canvas"
      data-visible={onHome ? 'true' : 'false'}
      data-path={loaded?.path}
      style={{ visibility: 'hidden' }}
      aria-hidden="true"
    >
      <TitleStrip stripRef={strip} fadeRef={fade} active={loaded !== null} />
      {loaded && (
        <loaded.Canvas
          key={loaded.path}
          path={loaded.path}
          strip={strip}
          fade={fade}
          onStatus={setCanvasStatus}
          onUnavailable={unavailable}
        />
      )}
    </div>
  );
}

/** The canvas of `path`, once start.ts lets it start; null when the path cannot draw. */
async function loadCanvas(path: TitlePath): Promise<Loaded | null> {
  if (!(await canvasStart(path))) return null;
  return { path, Canvas: (await import('./TitleCanvas')).default };
}

/** A hidden canvas is not composited: the page never waits for the GPU's set-up. */
function useHiddenWhileLoading(wrapper: RefObject<HTMLDivElement | null>, loaded: boolean): void {
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
  }, [wrapper, loaded]);
}
