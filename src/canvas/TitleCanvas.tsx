import { useEffect } from 'react';
import { Canvas, useThree } from '@react-three/fiber';
import { motionStore } from '../motion/store';
import { TitleStrip } from './canvasStrip';
import { contextControls } from '../motion/testMode';
import { TitleScene } from './TitleScene';
import { AdaptiveDpr } from './AdaptiveDpr';

/**
 * Asks for a frame whenever an input the picture depends on changes, on the home page only;
 * otherwise nothing is drawn.
 */
function InvalidateOnInput() {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(
    () =>
      motionStore.subscribe((s, prev) => {
        if (!s.onHome) return; // hidden elsewhere
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
    const ext = gl.getContext().getExtension('WEBGL_lose_context');
    contextControls.lose = () => ext?.loseContext();
    contextControls.restore = () => ext?.restoreContext();
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
export default function TitleCanvas() {
  return (
    <TitleStrip>
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
    </TitleStrip>
  );
}
