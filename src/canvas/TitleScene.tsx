/* eslint-disable react-hooks/immutability -- three.js objects and uniforms are mutated in the frame loop by design (R3F: mutate, never setState per frame). */
import { useEffect, useMemo, useRef } from 'react';
import { addAfterEffect, useFrame, useThree } from '@react-three/fiber';
import { Text, configureTextBuilder } from 'troika-three-text';
import type { Material } from 'three';
import syneUrl from '@fontsource/syne/files/syne-latin-700-normal.woff?url';
import { company } from '../content/company';
import { motionStore, now } from '../motion/store';
import { scrollProgress, titleBand, titleLayout, TITLE_LINE_HEIGHT } from '../motion/model';
import { frameDrawn } from '../motion/frames';
import { lightProbe } from '../motion/lightProbe';
import { lightTarget, stepLight } from '../motion/lightLead';
import { createLightUniforms, createLitTextMaterial } from './lightMaterial';
import { warmUpGpu } from './gpuWarmup';

// Never reach for troika's fallback fonts on a CDN (the name is covered by the shipped font), and
// lay the text out on the main thread: troika's worker loads its code with importScripts(blob:),
// which a strict script-src ('self' only) rightly refuses. One short string costs a few ms.
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

/**
 * The outlined company name and its light. Each frame reads the store (getState, never React
 * state), derives the layout and the light from the motion model, and writes uniforms. It asks
 * for another frame only while something still moves.
 */
export function TitleScene() {
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
  const synced = useRef(false);
  const warmedUp = useRef<Promise<void> | null>(null);
  const fontPx = useRef(0);
  const stripRef = useRef<HTMLElement | null | undefined>(undefined);

  useEffect(() => {
    return () => {
      letters.dispose();
      halo.dispose();
    };
  }, [letters, halo]);

  // Count drawn frames; the first frame with the text in it makes the canvas "ready" and starts the sweep.
  useEffect(
    () =>
      addAfterEffect(() => {
        frameDrawn();
        const s = motionStore.getState();
        if (synced.current && s.canvas === 'loading') {
          motionStore.setState({ canvas: 'ready', sweepStart: s.sweepStart ?? now(s) });
          // The sweep runs from the next frame on; nothing else asks for it. (After the loop has
          // stopped: R3F drops an invalidate() made inside an after-effect.)
          queueMicrotask(invalidate);
        }
      }),
    [invalidate],
  );

  useFrame((state) => {
    const s = motionStore.getState();
    const vp = s.viewport;
    if (!vp) return;
    const dpr = state.gl.getPixelRatio();
    const p = scrollProgress(s.scrollY, vp.height);
    const layout = titleLayout(p, vp, s.titleEm);
    const startPx = layout.fontPx / layout.scale;

    // Troika lays text out in a worker: re-layout only when the start size changes (resize),
    // and move/scale the mesh for scroll.
    if (Math.abs(startPx - fontPx.current) > 0.01) {
      fontPx.current = startPx;
      synced.current = false;
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
          synced.current = true;
          invalidate();
        });
    }
    // The canvas is a strip centred on the title that moves with it (moved here, in the same frame
    // as the picture, so the two never disagree); the text sits at the strip's centre.
    const band = titleBand(layout);
    // Looked up once, not per frame. (In the worker the canvas is an OffscreenCanvas: there the
    // page moves the strip itself.)
    if (stripRef.current === undefined) {
      const canvasEl = state.gl.domElement as HTMLCanvasElement | OffscreenCanvas;
      stripRef.current =
        'closest' in canvasEl ? canvasEl.closest<HTMLElement>('.title-canvas__band') : null;
    }
    const strip = stripRef.current;
    if (strip) {
      const height = `${band.height}px`;
      if (strip.style.height !== height) strip.style.height = height;
      strip.style.transform = `translate3d(0, ${band.top}px, 0)`;
    }
    for (const mesh of [letters, halo]) {
      mesh.position.set(
        layout.centerX - vp.width / 2,
        band.top + band.height / 2 - layout.centerY,
        0,
      );
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
    uniforms.uLightPosition.value.set(l.x * dpr, (band.top + band.height - l.y) * dpr);
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
