/* eslint-disable react-hooks/immutability -- three.js objects and uniforms are mutated in the frame loop by design (R3F: mutate, never setState per frame). */
import { useEffect, useMemo, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Text, configureTextBuilder, getTextRenderInfo } from 'troika-three-text';
import { Group, type Material } from 'three';
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

/** Glyph distance fields: 128 px per glyph keeps the thin outline crisp at the title's size. */
const SDF_GLYPH_SIZE = 128;
/** The page has a document with a body; the worker only the stand-in of workerGlobals.ts. */
const inPage = typeof document !== 'undefined' && 'body' in document;

/**
 * Builds the title's glyphs (font, layout, distance fields) ahead of the scene, so the worker
 * does it while the page is still handing over the canvas. Resolves when they are in the atlas.
 */
export function prepareGlyphs(): Promise<void> {
  return new Promise((resolve) =>
    getTextRenderInfo(
      { font: syneUrl, text: company.name, sdfGlyphSize: SDF_GLYPH_SIZE, gpuAccelerateSDF: inPage },
      () => resolve(),
    ),
  );
}

function makeText<T extends Text>(word: string, text: T): T {
  text.text = word;
  text.font = syneUrl;
  text.anchorX = 'center';
  text.anchorY = 'middle';
  text.lineHeight = TITLE_LINE_HEIGHT;
  text.whiteSpace = 'nowrap';
  text.fillOpacity = 0;
  text.color = '#ffffff';
  text.strokeColor = '#ffffff';
  text.outlineColor = '#ffffff';
  text.sdfGlyphSize = SDF_GLYPH_SIZE;
  // In the worker: glyph SDFs computed on the CPU, not rendered on the GPU and read back.
  text.gpuAccelerateSDF = inPage;
  return text;
}

/**
 * Text whose stroke straddles the glyph edge, as CSS's -webkit-text-stroke does, instead of lying
 * inside it (troika's strokeWidth): the glyph is grown by half the width and stroked inside by the
 * other half, so the canvas outline covers the same pixels as the DOM title's. Troika writes the
 * edge offset before each draw (0 for the letters), so it is set again just after.
 */
class CentredStrokeText extends Text {
  /** The stroke's whole width, half outside the glyph edge and half inside. */
  centredStroke = 0;

  override onBeforeRender(...args: Parameters<Text['onBeforeRender']>): void {
    const half = this.centredStroke / 2;
    this.strokeWidth = half;
    super.onBeforeRender(...args);
    const material = args[4] as Material & { uniforms?: Record<string, { value: unknown }> };
    if (material.uniforms?.uTroikaEdgeOffset) material.uniforms.uTroikaEdgeOffset.value = half;
  }
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
  // One letters mesh and one halo mesh per word, in a group at the title's centre: each word can be
  // placed on its own (a title on two lines joining into one).
  const { group, words } = useMemo(() => {
    const group = new Group();
    // Not drawn on the page until the GPU has compiled their shaders offscreen.
    group.visible = false;
    const words = company.name.split(/\s+/).map((word) => {
      const letters = makeText(word, new CentredStrokeText());
      const halo = makeText(word, new Text());
      letters.material = createLitTextMaterial(letters.material as Material, uniforms, false);
      halo.material = createLitTextMaterial(halo.material as Material, uniforms, true);
      halo.renderOrder = -1;
      group.add(halo, letters);
      return { letters, halo };
    });
    return { group, words };
  }, [uniforms]);
  const light = useRef({ x: Number.NaN, y: Number.NaN, last: 0 });
  const warmedUp = useRef<Promise<void> | null>(null);
  const fontPx = useRef(0);

  useEffect(() => {
    return () => {
      for (const { letters, halo } of words) {
        letters.dispose();
        halo.dispose();
      }
    };
  }, [words]);

  useFrame((state) => {
    const s = motionStore.getState();
    const vp = s.viewport;
    if (!vp) return;
    const dpr = state.gl.getPixelRatio();
    const p = scrollProgress(s.scrollY, vp.height);
    const layout = titleLayout(p, vp, s.titleEm, s.titleWordsEm);
    const startPx = layout.fontPx / layout.scale;

    // Lay the text out again only when the start size changes (resize); scroll moves and scales it.
    if (Math.abs(startPx - fontPx.current) > 0.01) {
      fontPx.current = startPx;
      status.textShown = false;
      const laidOut = Promise.all(
        words.flatMap((w) =>
          [w.letters, w.halo].map((text) => {
            text.fontSize = startPx;
            return new Promise<void>((r) => text.sync(r));
          }),
        ),
      );
      // The first time, the shaders are compiled offscreen before the text is drawn (gpuWarmup.ts).
      void laidOut
        .then(() => (warmedUp.current ??= warmUpGpu(state.gl, state.scene, state.camera, [group])))
        .then(() => {
          group.visible = true;
          status.textShown = true;
          invalidate();
        });
    }
    // The strip is centred on the title (the page moves it), so the group sits at its middle; each
    // word where the model places it (on two lines on a portrait screen at the top, joining into
    // one toward the pin), in start-size px from the title's centre, y up.
    const strip = titleStrip(layout);
    group.position.set(layout.centerX - vp.width / 2, 0, 0);
    group.scale.setScalar(layout.scale);
    words.forEach((w, i) => {
      const place = layout.words[i];
      const x = place ? (place.x - layout.centerX) / layout.scale : 0;
      const y = place ? -(place.y - layout.centerY) / layout.scale : 0;
      w.letters.position.set(x, y, 0);
      w.halo.position.set(x, y, 0);
      // The letters' stroke straddles the glyph edge, as the DOM title's does; troika's "outline"
      // is a filled halo, used only for the blurred glow behind the letters (lit where the light
      // is, invisible elsewhere).
      w.letters.centredStroke = layout.strokePx / layout.scale;
      w.halo.strokeWidth = 0;
      w.halo.outlineBlur = startPx * 0.28;
    });

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

  return <primitive object={group} />;
}
