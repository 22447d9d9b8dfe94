import { useEffect } from 'react';
import { addAfterEffect, useThree } from '@react-three/fiber';
import { motionStore } from '../../motion/store';
import { canvasLight } from '../model/canvasLight';
import { createDprMonitor, recordFrame } from './adaptiveDpr';

/** Event mode only: lowers the canvas's pixel ratio while frames run slow. */

export function EventModeDpr({ maxDpr }: { maxDpr: number }) {
  const setDpr = useThree((s) => s.setDpr);
  useEffect(() => {
    let monitor = createDprMonitor(maxDpr);
    let last = Number.NaN;
    let lastAskedForMore = false;
    return addAfterEffect((time) => {
      if (!motionStore.getState().eventMode) return;
      // Only a frame the previous one asked for is paced by the screen; others follow input or pauses.
      if (lastAskedForMore && Number.isFinite(last)) {
        const next = recordFrame(monitor, time - last);
        if (next.dpr !== monitor.dpr) setDpr(next.dpr);
        monitor = next;
      }
      last = time;
      lastAskedForMore = canvasLight.moving;
    });
  }, [setDpr, maxDpr]);
  return null;
}
