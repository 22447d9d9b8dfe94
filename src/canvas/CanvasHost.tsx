import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { motionStore } from '../motion/store';
import { attachMotionListeners } from '../motion/listeners';
import { installTestMode, isTestMode } from '../motion/testMode';
import { afterFirstPaintAndLoad, importTitleCanvas, webglAvailable } from './webgl';

const canvasStatus = () => motionStore.getState().canvas;

/**
 * Feeds the motion store and hosts the app's one persistent canvas. The canvas chunk is fetched
 * only on the home page, after the first paint and the load event, and only when WebGL works;
 * once loaded it stays mounted across routes (hidden off the home page) so its context lives on.
 */
export function CanvasHost() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const [Canvas, setCanvas] = useState<ComponentType | null>(null);
  const status = useSyncExternalStore(motionStore.subscribe, canvasStatus, canvasStatus);

  useEffect(() => {
    if (isTestMode(window.location.search)) installTestMode();
    return attachMotionListeners();
  }, []);

  useEffect(() => {
    motionStore.setState({ onHome });
    if (!onHome || Canvas) return;
    if (!webglAvailable(window.location.search)) {
      motionStore.setState({ canvas: 'unavailable' });
      return;
    }
    let live = true;
    void afterFirstPaintAndLoad()
      .then(importTitleCanvas)
      .then((m) => live && setCanvas(() => m.default))
      .catch((err: unknown) => {
        console.warn('The canvas title could not load; the outlined title stays.', err);
        motionStore.setState({ canvas: 'unavailable' });
      });
    return () => {
      live = false;
    };
  }, [onHome, Canvas]);

  if (!Canvas) return null;
  return (
    <div
      className="title-canvas"
      data-visible={onHome ? 'true' : 'false'}
      // Hidden until its first frame with the title is drawn: a hidden canvas is not composited,
      // so the page never waits for the GPU to set up the context and compile shaders.
      style={status === 'loading' ? { visibility: 'hidden' } : undefined}
      aria-hidden="true"
    >
      <Canvas />
    </div>
  );
}
