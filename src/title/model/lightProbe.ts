import type { LightLead } from './lightLead';
import { exposeProbe } from '../../testing/probes';

export type { LightLead };

/** What the canvas did with the light last, for tests (the probe `titleLight`). */
export const lightProbe = {
  x: Number.NaN,
  y: Number.NaN,
  lead: 'rest' as LightLead,
  moving: false,
  dpr: 1,
};

export type LightProbe = typeof lightProbe;

declare module '../../testing/probes' {
  interface Probes {
    /** Where the canvas put the light last, and what led it. */
    titleLight?: Readonly<LightProbe>;
  }
}

exposeProbe('titleLight', lightProbe);
