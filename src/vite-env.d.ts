/// <reference types="vite/client" />

declare const __BUILD_YEAR__: number;

declare module 'virtual:title-glyphs' {
  /** The title's glyphs, prepared by the build from the company name (scripts/build/titleGlyphs.ts). */
  const glyphs: import('./canvas/titleGlyphData').TitleGlyphs;
  export default glyphs;
}
