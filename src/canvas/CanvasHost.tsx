import { Component, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { motionStore } from '../motion/store';
import { attachMotionListeners } from '../motion/listeners';
import { installTestMode, isTestMode } from '../motion/testMode';
import {
  afterFirstPaintAndLoad,
  importTitleCanvas,
  offscreenAvailable,
  titlePath,
  webglAvailable,
  type TitleCanvasComponent,
  type TitlePath,
} from './webgl';

const WHERE: Record<TitlePath, string> = {
  worker: 'in a worker',
  page: 'in the page',
  dom: 'as the outlined title',
};

/** Catches a canvas that throws (R3F throws when it gets no WebGL context) so the page lives on. */
class CanvasBoundary extends Component<
  { onError: (reason: string) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error instanceof Error ? error.message : String(error));
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Feeds the motion store and hosts the app's one persistent canvas. The canvas chunk is fetched
 * only on the home page, after the first paint and the load event, and only when WebGL works;
 * once loaded it stays mounted across routes (hidden off the home page) so its context lives on.
 * A canvas that gets no WebGL context after all gives way at once to the next path (titlePath).
 */
export function CanvasHost() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const [Canvas, setCanvas] = useState<{ path: TitlePath; Component: TitleCanvasComponent } | null>(
    null,
  );
  const failed = useRef(new Set<TitlePath>());
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
        const search = window.location.search;
        const can = { webgl: webglAvailable(search), offscreen: offscreenAvailable(search) };
        const path = titlePath(can, failed.current);
        if (path === 'dom') {
          motionStore.setState({ canvas: 'unavailable' });
          return null;
        }
        return importTitleCanvas(path).then((m) => ({ path, Component: m.default }));
      })
      .then((loaded) => live && loaded && setCanvas(loaded))
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

  const unavailable = useCallback(
    (reason: string) => {
      if (!Canvas) return;
      failed.current.add(Canvas.path);
      const next = titlePath({ webgl: true, offscreen: Canvas.path === 'worker' }, failed.current);
      console.warn(
        `The title cannot be drawn ${WHERE[Canvas.path]} (${reason}); drawing it ${WHERE[next]} instead.`,
      );
      motionStore.setState({ canvas: 'loading' });
      setCanvas(null); // the loading effect runs again and takes the next path
    },
    [Canvas],
  );

  if (!Canvas) return null;
  return (
    <div
      ref={wrapper}
      className="title-canvas"
      data-visible={onHome ? 'true' : 'false'}
      style={{ visibility: 'hidden' }}
      aria-hidden="true"
    >
      <CanvasBoundary key={Canvas.path} onError={unavailable}>
        <Canvas.Component onUnavailable={unavailable} />
      </CanvasBoundary>
    </div>
  );
}
