import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import { motionStore } from '../motion/store';
import { TitleScene } from './TitleScene';
import { AdaptiveDpr } from './AdaptiveDpr';

/** TitleScene as the worker renders it: a frame is asked for whenever a mirrored input changes. */
export function WorkerScene() {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => motionStore.subscribe(() => invalidate()), [invalidate]);
  return (
    <>
      <AdaptiveDpr />
      <TitleScene />
    </>
  );
}
