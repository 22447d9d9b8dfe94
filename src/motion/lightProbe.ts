/**
 * What the canvas last did with the light, for tests and the bench (like `__titleFrames`):
 * where it is, what leads it, whether it asked for another frame, and the canvas's pixel ratio.
 * Written by the canvas after each frame; exposed read-only as `window.__titleLight`.
 */
import type { LightLead } from './lightLead';

export type { LightLead };

export const lightProbe = {
  x: Number.NaN,
  y: Number.NaN,
  lead: 'rest' as LightLead,
  /** The last frame asked for the next one (the light is still moving). */
  moving: false,
  dpr: 1,
};

declare global {
  interface Window {
    __titleLight?: Readonly<typeof lightProbe>;
  }
}

if (typeof window !== 'undefined') window.__titleLight = lightProbe;
