/* eslint-disable react-hooks/immutability -- three.js objects and uniforms are mutated in the frame loop by design (R3F: mutate, never setState per frame). */
import { useEffect, useMemo, useRef } from 'react';
import { addAfterEffect, useFrame, useThree } from '@react-three/fiber';
import { Text, configureTextBuilder } from 'troika-three-text';
import type { Material } from 'three';
import syneUrl from '@fontsource/syne/files/syne-latin-700-normal.woff?url';
import { company } from '../content/company';
import { motionStore, now } from '../motion/store';
import {
  lightRadius,
  lightRestX,
  lightScrollOffset,
  scrollProgress,
  sweepPosition,
  titleBand,
  titleLayout,
  TITLE_LINE_HEIGHT,
} from '../motion/model';
import { frameDrawn } from '../motion/frames';
import { ATTRACT_AFTER_MS, attractPosition } from '../motion/attract';
import { lightProbe, type LightLead } from '../motion/lightProbe';
import { createLightUniforms, createLitTextMaterial } from './lightMaterial';
import { warmUpGpu } from './gpuWarmup';

// Never reach for troika's fallback fonts on a CDN (the name is covered by the shipped font), and
// lay the text out on the main thread: troika's worker loads its code with importScripts(blob:),
// which a strict script-src ('self' only) rightly refuses. One short string costs a few ms.
configureTextBuilder({ unicodeFontsURL: '/unicode-fonts-not-shipped', useWorker: false });

/** How quickly the light catches up with the pointer (ms to close ~63% of the gap). */
const FOLLOW_MS = 90;

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

    // Where the light is: the intro sweep, then the pointer (or its resting place).
    const radius = lightRadius(layout.fontPx);
    const { dy, intensity } = lightScrollOffset(p, layout.fontPx);
    const left = layout.centerX - layout.widthPx / 2;
    const right = layout.centerX + layout.widthPx / 2;
    const t = now(s);
    let target = { x: lightRestX(layout), y: layout.centerY + dy };
    let lead: LightLead = 'rest';
    let sweeping = false;
    if (s.sweepStart === null) {
      target = { x: left - radius, y: layout.centerY + dy };
    } else if (!s.reducedMotion) {
      const sweep = sweepPosition(t - s.sweepStart, vp.width, left, right, radius);
      if (!sweep.done) {
        sweeping = true;
        lead = 'sweep';
        target = { x: sweep.x, y: layout.centerY + dy };
      }
    }
    // Event mode, nobody there: the attract loop leads, timed from the moment the page went idle.
    // Only on the home page: the canvas is hidden elsewhere and must not draw for nothing.
    const attracting = !sweeping && s.eventMode && s.idle && s.onHome && !s.reducedMotion;
    if (attracting) {
      lead = 'attract';
      target = attractPosition(t - s.lastInput - ATTRACT_AFTER_MS, layout);
    } else if (!sweeping && s.pointer.inside) {
      lead = 'pointer';
      target = { x: s.pointer.x, y: s.pointer.y };
    }

    const l = light.current;
    const follow = !sweeping && !s.testMode && !s.reducedMotion && Number.isFinite(l.x);
    if (follow) {
      const dt = Math.min(100, Math.max(0, t - l.last));
      const k = 1 - Math.exp(-dt / FOLLOW_MS);
      l.x += (target.x - l.x) * k;
      l.y += (target.y - l.y) * k;
      if (Math.abs(target.x - l.x) < 0.25 && Math.abs(target.y - l.y) < 0.25) {
        l.x = target.x;
        l.y = target.y;
      }
    } else {
      l.x = target.x;
      l.y = target.y;
    }
    l.last = t;

    // gl_FragCoord is in device pixels from the strip's bottom left.
    uniforms.uLightPosition.value.set(l.x * dpr, (band.top + band.height - l.y) * dpr);
    uniforms.uLightRadius.value = radius * dpr;
    uniforms.uLightIntensity.value = intensity;

    // Keep drawing only while something moves. In test mode the test's clock drives every frame.
    const moving = sweeping || attracting || l.x !== target.x || l.y !== target.y;
    if (moving && !s.testMode) invalidate();
    Object.assign(lightProbe, { x: l.x, y: l.y, lead, moving, dpr });
  });

  return (
    <>
      <primitive object={halo} />
      <primitive object={letters} />
    </>
  );
}
