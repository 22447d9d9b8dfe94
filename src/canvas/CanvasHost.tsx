import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { motionStore, setCanvasStatus } from '../motion/store';
import { titlePaths, WHERE, type TitlePath } from './path';
import { canvasStart } from './start';
import type TitleCanvasComponent from './TitleCanvas';

type Loaded = { path: TitlePath; Canvas: typeof TitleCanvasComponent };

/** The app's one persistent canvas, on the first path that works, once start.ts lets it start. */
export function CanvasHost() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const paths = useRef<TitlePath[] | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!onHome || loaded) return;
    let live = true;
    paths.current ??= titlePaths(window.location.search);
    const path = paths.current[0];
    if (!path) {
      setCanvasStatus('unavailable');
      return;
    }
    void canvasStart(path)
      .then((works) => (works ? import('./TitleCanvas') : null))
      .then((m) => {
        if (!live) return;
        if (m) setLoaded({ path, Canvas: m.default });
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
    const failed = paths.current?.shift();
    const next = paths.current?.[0];
    console.warn(
      `The title cannot be drawn ${failed ? WHERE[failed] : ''} (${reason}); ` +
        (next ? `drawing it ${WHERE[next]} instead.` : 'the outlined title stays.'),
    );
    setCanvasStatus(next ? 'loading' : 'unavailable');
    setLoaded(null);
  }, []);

  // A hidden canvas is not composited: the page never waits for the GPU's set-up.

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
      <Canvas key={path} path={path} onStatus={setCanvasStatus} onUnavailable={unavailable} />
    </div>
  );
}
