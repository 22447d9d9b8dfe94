import type { LightLead } from './lightLead';

export type { LightLead };

/**
 * Where the canvas put the light last, what led it, and whether it is still on its way. The DOM
 * light goes on from here when the canvas hands the title back, and event mode paces its pixel
 * ratio by `moving`. In a worker, the page keeps a copy from the worker's frame reports.
 */
export const canvasLight = {
  x: Number.NaN,
  y: Number.NaN,
  lead: 'rest' as LightLead,
  moving: false,
  dpr: 1,
};
