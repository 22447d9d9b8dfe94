// The few parts of the font packages the title's build step uses (they ship no usable types).

declare module 'subset-font' {
  /** hb-subset: the glyphs of `text` from a TTF/WOFF/WOFF2 font, as the given format. */
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' },
  ): Promise<Buffer>;
}

declare module 'fontkit' {
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  export interface Glyph {
    id: number;
    advanceWidth: number;
    path: { commands: PathCommand[]; toSVG(): string };
  }
  export interface GlyphPosition {
    xAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    numGlyphs: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    getGlyph(id: number): Glyph;
    layout(text: string): { glyphs: Glyph[]; positions: GlyphPosition[] };
  }
  export function create(buffer: Buffer): Font;
}

declare module 'pathkit-wasm/bin/pathkit.js' {
  /** A Skia path; `simplify()` is PathOps' Simplify: overlaps removed, curves kept. */
  export interface SkPath {
    simplify(): SkPath | null;
    toCmds(): number[][];
    delete(): void;
  }
  export interface PathKit {
    FromSVGString(svg: string): SkPath;
  }
  export default function init(options: { wasmBinary: Uint8Array }): Promise<PathKit>;
}

declare module 'wawoff2' {
  export function compress(sfnt: Uint8Array): Promise<Uint8Array>;
}
