import type { LightLead } from './lightLead';

export type { LightLead };

/** What the canvas last did with the light (`window.__titleLight`), for tests and the bench. */
export const lightProbe = {
  x: Number.NaN,
  y: Number.NaN,
  lead: 'rest' as LightLead,
  moving: false,
  dpr: 1,
};

declare global {
  interface Window {
    __titleLight?: Readonly<typeof lightProbe>;
  }
}

if (typeof window !== 'undefined') window.__titleLight = lightProbe;
