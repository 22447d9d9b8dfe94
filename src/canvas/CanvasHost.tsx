import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { motionStore } from '../motion/store';
import { attachMotionListeners } from '../motion/listeners';
import { installTestMode, isTestMode } from '../motion/testMode';
import { afterFirstPaintAndLoad, importTitleCanvas, webglAvailable } from './webgl';

/**
 * Feeds the motion store and hosts the app's one persistent canvas. The canvas chunk is fetched
 * only on the home page, after the first paint and the load event, and only when WebGL works;
 * once loaded it stays mounted across routes (hidden off the home page) so its context lives on.
 */
export function CanvasHost() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const [Canvas, setCanvas] = useState<ComponentType | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isTestMode(window.location.search)) installTestMode();
    return attachMotionListeners();
  }, []);

  useEffect(() => {
    motionStore.setState({ onHome });
    if (!onHome || Canvas) return;
    let live = true;
    // The WebGL probe creates a context: after the first paint and load too, not in hydration.
    void afterFirstPaintAndLoad()
      .then(() => {
        if (webglAvailable(window.location.search)) return importTitleCanvas();
        motionStore.setState({ canvas: 'unavailable' });
        return null;
      })
      .then((m) => live && m && setCanvas(() => m.default))
      .catch((err: unknown) => {
        console.warn('The canvas title could not load; the outlined title stays.', err);
        motionStore.setState({ canvas: 'unavailable' });
      });
    return () => {
      live = false;
    };
  }, [onHome, Canvas]);

  // Hidden while it has no frame with the title: a hidden canvas is not composited, so the page
  // never waits for the GPU to set up the context and compile shaders. Written to the style
  // directly, like every other store-driven change: no React commit.
  useEffect(() => {
    if (!Canvas) return;
    const show = (status: string) => {
      if (wrapper.current) wrapper.current.style.visibility = status === 'loading' ? 'hidden' : '';
    };
    show(motionStore.getState().canvas);
    return motionStore.subscribe((s, prev) => s.canvas !== prev.canvas && show(s.canvas));
  }, [Canvas]);

  if (!Canvas) return null;
  return (
    <div
      ref={wrapper}
      className="title-canvas"
      data-visible={onHome ? 'true' : 'false'}
      style={{ visibility: 'hidden' }}
      aria-hidden="true"
    >
      <Canvas />
    </div>
  );
}
