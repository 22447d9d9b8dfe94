/// <reference types="vite/client" />

declare const __BUILD_YEAR__: number;
/** RETENTION_DAYS as the build found it (scripts/build/retention.ts); empty when unset. */
declare const __RETENTION_DAYS__: string;

declare module 'virtual:title-glyphs' {
  /** The title's glyphs, prepared by the build from the company name (scripts/build/titleGlyphs.ts). */
  const glyphs: import('./title/canvas/titleGlyphData').TitleGlyphs;
  export default glyphs;
}

declare module 'virtual:title-metrics' {
  /** The name's widths in ems in the title's font, measured by the build (scripts/build/titleGlyphs.ts). */
  const metrics: import('./title/model/model').TitleMetrics;
  export default metrics;
}
