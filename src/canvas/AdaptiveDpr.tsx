import { useEffect } from 'react';
import { addAfterEffect, useThree } from '@react-three/fiber';
import { motionStore } from '../motion/store';
import { lightProbe } from '../motion/lightProbe';
import { createDprMonitor, recordFrame } from '../event/adaptiveDpr';

/**
 * Event mode only: watches the time between frames drawn back to back and lowers the canvas's
 * pixel ratio when they run slow (a 4K screen on a modest GPU), raising it again when there is
 * room. Outside event mode it does nothing and the canvas keeps its usual ratio.
 */
export function AdaptiveDpr() {
  const setDpr = useThree((s) => s.setDpr);
  useEffect(() => {
    let monitor = createDprMonitor(window.devicePixelRatio);
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
      lastAskedForMore = lightProbe.moving;
    });
  }, [setDpr]);
  return null;
}
