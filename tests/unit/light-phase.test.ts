import { describe, expect, it } from 'vitest';
import { lightPhase, type LightPhaseInputs } from '../../src/title/model/lightPhase';
import { SWEEP_RETURN_MS } from '../../src/title/model/light';

const SWEEP_MS = 700;

/** A frame of the DOM title's light on a running clock, 300 ms into a sweep it is still on. */
const frame = (over: Partial<LightPhaseInputs> = {}): LightPhaseInputs => ({
  reducedMotion: false,
  elapsed: 300,
  sweepMs: SWEEP_MS,
  lead: 'sweep',
  immediate: true,
  onSweepPath: true,
  ...over,
});

describe('the phase of the DOM title light', () => {
  it('is the sweep while the light crosses the title and returns to rest', () => {
    expect(lightPhase(frame())).toEqual({ kind: 'sweep', elapsed: 300 });
    const returning = SWEEP_MS + SWEEP_RETURN_MS - 1;
    expect(lightPhase(frame({ elapsed: returning, lead: 'rest', immediate: false }))).toEqual({
      kind: 'sweep',
      elapsed: returning,
    });
  });

  it('leaves the sweep, eased from the path, when the pointer or the attract loop leads', () => {
    for (const lead of ['pointer', 'attract'] as const)
      expect(lightPhase(frame({ lead, immediate: false }))).toEqual({
        kind: 'leave',
        elapsed: 300,
        ease: true,
      });
  });

  it('leaves the sweep once its return to rest has ended', () => {
    const ended = SWEEP_MS + SWEEP_RETURN_MS;
    expect(lightPhase(frame({ elapsed: ended, lead: 'rest', immediate: false }))).toEqual({
      kind: 'leave',
      elapsed: ended,
      ease: true,
    });
  });

  it('eases to its target once off the sweep path', () => {
    expect(lightPhase(frame({ onSweepPath: false, lead: 'pointer', immediate: false }))).toEqual({
      kind: 'ease',
    });
  });

  it('jumps to a target that sets its own pace, and keeps asking for frames', () => {
    expect(lightPhase(frame({ onSweepPath: false }))).toEqual({ kind: 'jump' });
  });

  it('jumps under reduced motion: no sweep, no easing', () => {
    expect(lightPhase(frame({ reducedMotion: true }))).toEqual({ kind: 'jump' });
    expect(lightPhase(frame({ reducedMotion: true, lead: 'pointer', immediate: false }))).toEqual({
      kind: 'jump',
    });
  });
});
