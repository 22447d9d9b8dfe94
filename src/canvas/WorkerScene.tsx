import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import { motionStore } from '../motion/store';
import { TitleScene } from './TitleScene';
import { AdaptiveDpr } from './AdaptiveDpr';

/**
 * TitleScene as the worker renders it: a frame is asked for whenever a mirrored input changes,
 * on the home page only (elsewhere the canvas is hidden).
 */
export function WorkerScene() {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => motionStore.subscribe((s) => s.onHome && invalidate()), [invalidate]);
  return (
    <>
      <AdaptiveDpr />
      <TitleScene />
    </>
  );
}
