import { layoutOf, titleEnds } from './titleFrame';
import { pinnedBand, scrollButtonDiameter, SCROLL_BUTTON_REM, taglineOpacity } from './model';
import type { MotionState } from '../../motion/store';

/** What changes only with the title's shape: its ends, the room above the page, the band's height. */
export interface HeroShape {
  readonly ends: ReturnType<typeof titleEnds>;
  /** The page's scroll-padding-top: the pinned title's band. */
  readonly room: number;
  readonly bandHeight: number;
}

/** The hero's shape for a state of the store. */
export function heroShape(s: MotionState): HeroShape {
  const ends = titleEnds(s);
  const room = Math.ceil(pinnedBand(1, ends.pinned).height);
  // The band is drawn once at its tallest and slid up (transform), never resized.
  const bandHeight = Math.ceil(Math.max(pinnedBand(0, ends.start).height, room));
  return { ends, room, bandHeight };
}

/** The styles of the hero's parts for a state of the store, as the DOM takes them. */
export interface HeroStyles {
  readonly box: { readonly fontSize: string; readonly transform: string; readonly stroke: string };
  /** Each word's transform, the same in every copy of the name. */
  readonly words: readonly string[];
  readonly mode: 'canvas' | 'dom';
  readonly pinned: string;
  /** The tagline's opacity: '' once fully shown. */
  readonly tagline: string;
  readonly band: { readonly opacity: string; readonly transform: string };
  readonly button: { readonly shrink: string; readonly gone: boolean; readonly diameter: string };
}

/** The hero for a state of the store and the shape it has (heroShape). */
export function heroStyles(s: MotionState, shape: HeroShape): HeroStyles {
  const vh = s.viewport?.height ?? 0;
  const { p, layout } = layoutOf(s);
  const startPx = layout.fontPx / layout.scale;
  const pinned = pinnedBand(p, layout);
  const shown = taglineOpacity(s.scrollY, shape.ends.start, layout);
  const rem = scrollButtonDiameter(s.scrollY, vh || 1);
  return {
    box: {
      fontSize: `${startPx}px`,
      transform: `translate(${layout.centerX}px, ${layout.centerY}px) translate(-50%, -50%) scale(${layout.scale})`,
      // The transform scales the outline too, so it is set in unscaled px.
      stroke: `${layout.strokePx / layout.scale}px`,
    },
    words: layout.words.map((w) => (w.dx || w.dy ? `translate(${w.dx}px, ${w.dy}px)` : '')),
    mode: s.canvas === 'ready' ? 'canvas' : 'dom',
    pinned: String(layout.pinned),
    tagline: shown < 1 ? shown.toFixed(3) : '',
    band: {
      opacity: String(pinned.opacity),
      transform: `translateY(${(pinned.height - shape.bandHeight).toFixed(2)}px)`,
    },
    button: {
      shrink: String(rem / SCROLL_BUTTON_REM),
      gone: rem <= 0,
      diameter: rem.toFixed(4),
    },
  };
}
