import { useEffect, useState } from 'react';
import { Canvas, useThree } from '@react-three/fiber';
import { animated, useSpring } from '@react-spring/web';
import { motionStore } from '../motion/store';
import { scrollProgress, titleBand, titleLayout } from '../motion/model';
import { TitleScene } from './TitleScene';
import { AdaptiveDpr } from './AdaptiveDpr';

/** Asks for a frame whenever an input the picture depends on changes; otherwise nothing is drawn. */
function InvalidateOnInput() {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(
    () =>
      motionStore.subscribe((s, prev) => {
        if (
          s.scrollY !== prev.scrollY ||
          s.viewport !== prev.viewport ||
          s.pointer !== prev.pointer ||
          s.testTime !== prev.testTime ||
          s.reducedMotion !== prev.reducedMotion ||
          s.titleEm !== prev.titleEm ||
          s.idle !== prev.idle ||
          (s.onHome && !prev.onHome)
        ) {
          invalidate();
        }
      }),
    [invalidate],
  );
  return null;
}

/** Falls back to the DOM title at once when the WebGL context is lost, and back when restored. */
function ContextLossWatch() {
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    const canvas = gl.domElement;
    const lost = (e: Event) => {
      e.preventDefault(); // allows the browser to restore it
      motionStore.setState({ canvas: 'lost' });
    };
    const restored = () => {
      // "ready" again once a frame has been drawn on the new context.
      motionStore.setState({ canvas: 'loading' });
      invalidate();
    };
    canvas.addEventListener('webglcontextlost', lost);
    canvas.addEventListener('webglcontextrestored', restored);
    return () => {
      canvas.removeEventListener('webglcontextlost', lost);
      canvas.removeEventListener('webglcontextrestored', restored);
    };
  }, [gl, invalidate]);
  return null;
}

/**
 * The one persistent canvas of the app: an orthographic camera in CSS pixels (1 unit = 1 px),
 * transparent, drawn on demand only, at a device pixel ratio of at most 2.
 */
/**
 * Fades the canvas in over the outlined DOM title (which fades its stroke out in CSS) once the
 * first lit frame is drawn, and hides it at once when the context is lost. The spring writes the
 * style directly: no React render per animation frame.
 */
function useCanvasOpacity() {
  const [style, api] = useSpring(() => ({ opacity: 0 }));
  useEffect(
    () =>
      motionStore.subscribe((s, prev) => {
        if (s.canvas === prev.canvas) return;
        if (s.canvas === 'ready')
          api.start({
            opacity: 1,
            immediate: s.reducedMotion || s.testMode,
            config: { tension: 170, friction: 26 },
          });
        else api.set({ opacity: 0 });
      }),
    [api],
  );
  return style;
}

/** Where the strip starts (TitleScene moves it with the title from the first frame on). */
function initialBand(): { height: number; transform: string } {
  const s = motionStore.getState();
  const layout = titleLayout(
    scrollProgress(s.scrollY, s.viewport?.height ?? 0),
    s.viewport,
    s.titleEm,
  );
  const band = titleBand(layout);
  return { height: band.height, transform: `translate3d(0, ${band.top}px, 0)` };
}

export default function TitleCanvas() {
  const style = useCanvasOpacity();
  const [band] = useState(initialBand);
  return (
    <animated.div className="title-canvas__band" style={{ ...style, ...band, width: '100%' }}>
      <Canvas
        orthographic
        camera={{ position: [0, 0, 100], zoom: 1, near: 0.1, far: 1000 }}
        frameloop="demand"
        dpr={[1, 2]}
        gl={{ alpha: true, antialias: false, powerPreference: 'high-performance' }}
        style={{ pointerEvents: 'none' }}
        aria-hidden="true"
      >
        <InvalidateOnInput />
        <ContextLossWatch />
        <AdaptiveDpr />
        <TitleScene />
      </Canvas>
    </animated.div>
  );
}
