import { SWEEP_RETURN_MS } from './light';
import type { LightLead } from './lightLead';

/** How the CSS light on the DOM title moves this frame (titleLight.ts). */
export type LightPhase =
  /** On the intro sweep's path (the sweep, then its return to rest), which the compositor plays. */
  | { readonly kind: 'sweep'; readonly elapsed: number }
  /** Off the sweep's path from this frame: from where the path has it, to its target. */
  | { readonly kind: 'leave'; readonly elapsed: number; readonly ease: boolean }
  /** Eased to its target, one frame after another while it is on its way. */
  | { readonly kind: 'ease' }
  /** At its target at once; a frame is asked for while the target moves. */
  | { readonly kind: 'jump' };

export interface LightPhaseInputs {
  readonly reducedMotion: boolean;
  /** Ms since the sweep started. */
  readonly elapsed: number;
  /** How long the sweep crosses the title, before its return to rest (sweepSpan). */
  readonly sweepMs: number;
  /** What leads the light, and whether it jumps to its target (lightTarget). */
  readonly lead: LightLead;
  readonly immediate: boolean;
  /** Whether the light was on the sweep's path the frame before (true on the first frame). */
  readonly onSweepPath: boolean;
}

/**
 * The light's phase this frame. The light stays on the sweep's path, once on it, until the return
 * has ended or the pointer (or the attract loop) leads it. Under reduced motion it plays no path
 * and eases nowhere.
 */
export function lightPhase(i: LightPhaseInputs): LightPhase {
  const animates = !i.reducedMotion;
  if (animates && i.onSweepPath) {
    const led = i.lead === 'pointer' || i.lead === 'attract';
    if (!led && i.elapsed - i.sweepMs < SWEEP_RETURN_MS)
      return { kind: 'sweep', elapsed: i.elapsed };
    return { kind: 'leave', elapsed: i.elapsed, ease: !i.immediate };
  }
  if (animates && !i.immediate) return { kind: 'ease' };
  return { kind: 'jump' };
}
