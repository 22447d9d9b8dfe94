/// <reference types="vite/client" />

/** The calendar year of the build, for the prerendered footer (the client shows the visitor's own). */
declare const __BUILD_YEAR__: number;

declare module 'virtual:title-glyphs' {
  /** The title's glyphs, prepared by the build from the company name (scripts/build/titleGlyphs.ts). */
  const glyphs: import('./canvas/titleGlyphData').TitleGlyphs;
  export default glyphs;
}
