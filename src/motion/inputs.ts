/** The page's inputs: the window's scroll, size, presses and preference, and its pointer. */
import { listenPassively } from '../shared/listen';
import { inputActions as act, type PointerKind } from './store';

/** Starts the window's inputs at the app's start; returns their removal. */
export function startMotionInputs(win: Window = window): () => void {
  // The pointer's place first: a press writes where it is before that it is down.
  const stopPointer = listenToPointer(win);
  const stopPage = listenToPage(win);
  return () => {
    stopPage();
    stopPointer();
  };
}

/** Passive window listeners for the scroll, the size, presses and reduced motion. */
function listenToPage(win: Window): () => void {
  const measure = () =>
    act.measure({ width: win.innerWidth, height: win.innerHeight }, win.scrollY);
  const onScroll = () => act.scroll(win.scrollY);
  const onDown = () => act.press(true);
  const onUp = () => act.press(false);
  const onTouchEnd = (e: TouchEvent) => {
    if (e.touches.length === 0) onUp();
  };
  const reduced = win.matchMedia('(prefers-reduced-motion: reduce)');
  const onReduced = () => act.reduceMotion(reduced.matches);

  const listening = new AbortController();
  measure();
  onReduced();
  listenPassively(
    win,
    {
      scroll: onScroll,
      resize: measure,
      pointerdown: onDown,
      pointerup: onUp,
      pointercancel: onUp,
      touchend: onTouchEnd,
      touchcancel: onTouchEnd,
    },
    listening.signal,
  );
  listenPassively(reduced, { change: onReduced }, listening.signal);
  return () => listening.abort();
}

/** Passive window listeners for where the pointer (mouse, pen or finger) is. */
function listenToPointer(win: Window): () => void {
  const onPointer = (e: PointerEvent) =>
    act.point({ x: e.clientX, y: e.clientY, inside: true, kind: e.pointerType as PointerKind });
  // A finger that scrolls the page ends its pointer events (pointercancel); its touch events go on.
  const onTouch = (e: TouchEvent) => {
    const touch = e.touches[0];
    if (touch) act.touch({ x: touch.clientX, y: touch.clientY, inside: true, kind: 'touch' });
  };
  const onLeave = (e: MouseEvent) => {
    if (!e.relatedTarget) act.leave();
  };

  const listening = new AbortController();
  listenPassively(
    win,
    { pointermove: onPointer, pointerdown: onPointer, touchmove: onTouch },
    listening.signal,
  );
  listenPassively(win.document, { mouseout: onLeave }, listening.signal);
  return () => listening.abort();
}
