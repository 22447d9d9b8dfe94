/// <reference types="vite/client" />

/** The calendar year of the build, for the prerendered footer (the client shows the visitor's own). */
declare const __BUILD_YEAR__: number;
