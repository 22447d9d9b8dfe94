/* eslint-disable react-hooks/immutability -- three.js objects and uniforms are mutated in the frame loop by design (R3F: mutate, never setState per frame). */
import { useEffect, useMemo, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Text, configureTextBuilder } from 'troika-three-text';
import type { Material } from 'three';
import syneUrl from '@fontsource/syne/files/syne-latin-700-normal.woff?url';
import { company } from '../content/company';
import { motionStore, now } from '../motion/store';
import { scrollProgress, titleLayout, titleStrip, TITLE_LINE_HEIGHT } from '../motion/model';
import { lightProbe } from '../motion/lightProbe';
import { lightTarget, stepLight } from '../motion/lightLead';
import { createLightUniforms, createLitTextMaterial } from './lightMaterial';
import { warmUpGpu } from './gpuWarmup';

// Never reach for troika's fallback fonts on a CDN (the name is covered by the shipped font), and
// lay the text out on this thread, not in troika's own worker: that loads its code with
// importScripts(blob:), which a strict script-src ('self' only) rightly refuses.
configureTextBuilder({ unicodeFontsURL: '/unicode-fonts-not-shipped', useWorker: false });

function makeText(): Text {
  const text = new Text();
  text.text = company.name;
  text.font = syneUrl;
  text.anchorX = 'center';
  text.anchorY = 'middle';
  text.lineHeight = TITLE_LINE_HEIGHT;
  text.whiteSpace = 'nowrap';
  text.fillOpacity = 0;
  text.color = '#ffffff';
  text.strokeColor = '#ffffff';
  text.outlineColor = '#ffffff';
  text.sdfGlyphSize = 128;
  return text;
}

/** What the scene tells its renderer: whether the frame being drawn has the text in it. */
export interface SceneStatus {
  textShown: boolean;
}

/**
 * The outlined company name and its light, centred in the strip (the page places the strip on the
 * title). Each frame reads the store (getState, never React state), derives the layout and the
 * light from the motion model, and writes uniforms; it asks for another frame only while something
 * still moves.
 */
export function TitleScene({ status }: { status: SceneStatus }) {
  const invalidate = useThree((s) => s.invalidate);
  const uniforms = useMemo(() => createLightUniforms(), []);
  const { letters, halo } = useMemo(() => {
    const letters = makeText();
    const halo = makeText();
    // Not drawn on the page until the GPU has compiled their shaders offscreen.
    letters.visible = false;
    halo.visible = false;
    letters.material = createLitTextMaterial(letters.material as Material, uniforms, false);
    halo.material = createLitTextMaterial(halo.material as Material, uniforms, true);
    halo.renderOrder = -1;
    return { letters, halo };
  }, [uniforms]);
  const light = useRef({ x: Number.NaN, y: Number.NaN, last: 0 });
  const warmedUp = useRef<Promise<void> | null>(null);
  const fontPx = useRef(0);

  useEffect(() => {
    return () => {
      letters.dispose();
      halo.dispose();
    };
  }, [letters, halo]);

  useFrame((state) => {
    const s = motionStore.getState();
    const vp = s.viewport;
    if (!vp) return;
    const dpr = state.gl.getPixelRatio();
    const p = scrollProgress(s.scrollY, vp.height);
    const layout = titleLayout(p, vp, s.titleEm);
    const startPx = layout.fontPx / layout.scale;

    // Lay the text out again only when the start size changes (resize); scroll moves and scales it.
    if (Math.abs(startPx - fontPx.current) > 0.01) {
      fontPx.current = startPx;
      status.textShown = false;
      letters.fontSize = startPx;
      halo.fontSize = startPx;
      const laidOut = Promise.all([
        new Promise<void>((r) => letters.sync(r)),
        new Promise<void>((r) => halo.sync(r)),
      ]);
      // The first time, the shaders are compiled offscreen before the text is drawn (gpuWarmup.ts).
      void laidOut
        .then(
          () =>
            warmedUp.current ??
            (warmedUp.current = warmUpGpu(state.gl, state.scene, state.camera, [letters, halo])),
        )
        .then(() => {
          letters.visible = true;
          halo.visible = true;
          status.textShown = true;
          invalidate();
        });
    }
    // The strip is centred on the title (the page moves it), so the text sits at its middle.
    const strip = titleStrip(layout);
    for (const mesh of [letters, halo]) {
      mesh.position.set(layout.centerX - vp.width / 2, 0, 0);
      mesh.scale.setScalar(layout.scale);
    }
    // Troika strokes inside the glyph edge; its "outline" is a filled halo, used only for the
    // blurred glow behind the letters (lit where the light is, invisible elsewhere).
    letters.strokeWidth = layout.strokePx / layout.scale;
    halo.strokeWidth = 0;
    halo.outlineBlur = startPx * 0.28;

    // Where the light is: the intro sweep, then the pointer, the attract loop or its resting place.
    const t = now(s);
    const target = lightTarget(s, layout, p, t);
    const l = light.current;
    const ease = !target.immediate && !s.testMode && !s.reducedMotion;
    const easing = stepLight(l, target, t, ease);

    // gl_FragCoord is in device pixels from the strip's bottom left.
    uniforms.uLightPosition.value.set(l.x * dpr, (strip.top + strip.height - l.y) * dpr);
    uniforms.uLightRadius.value = target.radius * dpr;
    uniforms.uLightIntensity.value = target.intensity;

    // Keep drawing only while something moves. In test mode the test's clock drives every frame.
    const moving = target.animating || easing;
    if (moving && !s.testMode) invalidate();
    Object.assign(lightProbe, { x: l.x, y: l.y, lead: target.lead, moving, dpr });
  });

  return (
    <>
      <primitive object={halo} />
      <primitive object={letters} />
    </>
  );
}
