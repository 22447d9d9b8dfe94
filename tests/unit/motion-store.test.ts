import { afterEach, describe, expect, it } from 'vitest';
import { shallow } from 'zustand/shallow';
import { inputActions, motionStore } from '../../src/motion/store';
import { lightInputs } from '../../src/title/model/titleFrame';

afterEach(() => motionStore.setState({ ...motionStore.getInitialState() }));

describe('the pointer in the motion store', () => {
  it('asks the title for a new picture only when the pointer moved, came in or changed kind', () => {
    const pictures: unknown[] = [];
    const stop = motionStore.subscribe(lightInputs, (inputs) => pictures.push(inputs), {
      equalityFn: shallow,
    });
    const at = (x: number, y: number, kind: 'mouse' | 'touch' = 'mouse') =>
      inputActions.point({ x, y, inside: true, kind });
    at(600, 400);
    // A click where the pointer already is: its move and its press are the same place.
    at(600, 400);
    at(600, 400);
    expect(pictures).toHaveLength(1);
    at(601, 400);
    at(601, 400, 'touch');
    expect(pictures).toHaveLength(3);
    inputActions.leave();
    at(601, 400, 'touch');
    expect(pictures).toHaveLength(5);
    stop();
  });
});
