import { clamp, scrollProgress, titleLayout, type TitleLayout } from './model';
import type { MotionState } from '../../motion/store';

const SHAPE_KEYS = ['viewport', 'titleEm', 'titleWordsEm'] as const;
const LIGHT_KEYS = [
  ...SHAPE_KEYS,
  'pointer',
  'sweepStart',
  'reducedMotion',
  'eventMode',
  'idle',
  'lastInput',
  'onHome',
] as const satisfies readonly (keyof MotionState)[];

/** What the title's layout reads of the store. */
export type LayoutInputs = Pick<MotionState, (typeof SHAPE_KEYS)[number] | 'scrollY'>;
/** What the lit title (its layout and its light) reads of the store. */
export type LightInputs = Pick<MotionState, (typeof LIGHT_KEYS)[number] | 'scrollY'>;

/**
 * The scroll the title follows: from the top of the page to one viewport height down, where it is
 * pinned. Scrolling further changes nothing of the title, so nothing is written or drawn for it.
 */
export const titleScroll = (s: Pick<MotionState, 'scrollY' | 'viewport'>) =>
  clamp(s.scrollY, 0, s.viewport?.height ?? 0);

/** A selector of the layout's inputs, for `subscribe(…, { equalityFn: shallow })`. */
export const layoutInputs = (s: MotionState) => [titleScroll(s), ...shapeInputs(s)];
/** A selector of what the title's ends depend on: the layout's inputs but the scroll. */
export const shapeInputs = (s: MotionState) => SHAPE_KEYS.map((k) => s[k]);
/** A selector of every input of the lit title: a change of any of them is a new picture. */
export const lightInputs = (s: MotionState) => [titleScroll(s), ...LIGHT_KEYS.map((k) => s[k])];

/** The title this frame: scroll progress `p` and the layout at it. */
export function layoutOf(s: LayoutInputs): { p: number; layout: TitleLayout } {
  const p = scrollProgress(s.scrollY, s.viewport?.height ?? 0);
  return { p, layout: titleLayout(p, s.viewport, s.titleEm, s.titleWordsEm) };
}

/** The title at the top of the page and pinned, which no scroll changes. */
export function titleEnds(s: LayoutInputs): { start: TitleLayout; pinned: TitleLayout } {
  return {
    start: layoutOf({ ...s, scrollY: 0 }).layout,
    pinned: layoutOf({ ...s, scrollY: s.viewport?.height ?? 0 }).layout,
  };
}
