/* eslint-disable react-hooks/immutability -- three.js objects and uniforms are mutated in the frame loop by design (R3F: mutate, never setState per frame). */
import { useEffect, useMemo, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { motionStore, now } from '../../motion/store';
import { titleStrip } from '../model/model';
import { layoutOf } from '../model/titleFrame';
import { canvasLight } from '../model/canvasLight';
import { lightTarget, stepLight } from '../model/lightLead';
import { createLightUniforms } from './lightMaterial';
import { createTitleMeshes } from './titleMeshes';
import { warmUpGpu } from './gpuWarmup';

/** Device pixels the outline's strip reaches past the stroke, for its antialiased edge. */
const EDGE_MARGIN_PX = 1.5;

/** Whether the frame being drawn has the text in it. */
export interface SceneStatus {
  textShown: boolean;
}

/** The outlined name and its light: each frame reads the store and writes uniforms. */
export function TitleScene({ status }: { status: SceneStatus }) {
  const invalidate = useThree((s) => s.invalidate);
  const uniforms = useMemo(() => createLightUniforms(), []);
  // One mesh per word, so a title on two lines can join into one.
  const { group, words, outline, dispose } = useMemo(() => createTitleMeshes(uniforms), [uniforms]);
  const light = useRef({ x: Number.NaN, y: Number.NaN, last: 0 });
  const warmedUp = useRef<Promise<void> | null>(null);

  useEffect(() => dispose, [dispose]);

  useFrame((state) => {
    const s = motionStore.getState();
    const vp = s.viewport;
    if (!vp) return;
    const dpr = state.gl.getPixelRatio();
    const { p, layout } = layoutOf(s);
    const startPx = layout.fontPx / layout.scale;

    outline.uFontPx.value = startPx;
    warmedUp.current ??= warmUpGpu(state.gl, state.scene, state.camera, [group]).then(() => {
      group.visible = true;
      status.textShown = true;
      invalidate();
    });
    const strip = titleStrip(layout);
    group.position.set(layout.centerX - vp.width / 2, 0, 0);
    group.scale.setScalar(layout.scale);
    words.forEach((w, i) => {
      const place = layout.words[i];
      const x = place ? (place.x - layout.centerX) / layout.scale : 0;
      const y = place ? -(place.y - layout.centerY) / layout.scale : 0;
      w.letters.position.set(x, y, 0);
      w.halo.position.set(x, y, 0);
    });
    // The stroke straddles the outline, as the DOM title's does.
    outline.uHalfStroke.value = layout.strokePx / layout.scale / 2;
    outline.uReach.value = outline.uHalfStroke.value + EDGE_MARGIN_PX / (layout.scale * dpr);

    const t = now();
    const target = lightTarget(s, layout, p, t);
    const l = light.current;
    // A frame at the time of the last one shows nothing new of a moving light: the next waits for
    // the clock (a worker's clock moves with the page's messages).
    const clockMoved = t !== l.last;
    const ease = !target.immediate && !s.reducedMotion;
    const easing = stepLight(l, target, t, ease);

    // gl_FragCoord is in device pixels from the strip's bottom left.
    uniforms.uLightPosition.value.set(l.x * dpr, (strip.top + strip.height - l.y) * dpr);
    uniforms.uLightRadius.value = target.radius * dpr;
    uniforms.uLightIntensity.value = target.intensity;

    const moving = target.animating || easing;
    if (moving && clockMoved) invalidate();
    Object.assign(canvasLight, { x: l.x, y: l.y, lead: target.lead, moving, dpr });
  });

  return <primitive object={group} />;
}
