/**
 * Window listeners that feed the motion store. They are passive and write raw inputs only.
 * Returns a function that removes them.
 */
import { motionStore, type PointerKind } from './store';

export function attachMotionListeners(win: Window = window): () => void {
  const set = motionStore.setState;
  const measure = () =>
    set({ viewport: { width: win.innerWidth, height: win.innerHeight }, scrollY: win.scrollY });
  const onScroll = () => set({ scrollY: win.scrollY });
  const onPointer = (e: PointerEvent) => {
    if (motionStore.getState().testMode) return;
    set({
      pointer: { x: e.clientX, y: e.clientY, inside: true, kind: e.pointerType as PointerKind },
    });
  };
  const onDown = (e: PointerEvent) => {
    onPointer(e);
    set({ pointerDown: true });
  };
  const onUp = () => set({ pointerDown: false });
  // A finger that scrolls the page ends its pointer events (pointercancel); its touch events go on.
  const onTouch = (e: TouchEvent) => {
    const touch = e.touches[0];
    if (!touch || motionStore.getState().testMode) return;
    set({
      pointer: { x: touch.clientX, y: touch.clientY, inside: true, kind: 'touch' },
      pointerDown: true,
    });
  };
  const onTouchEnd = (e: TouchEvent) => {
    if (e.touches.length === 0) onUp();
  };
  const onLeave = (e: MouseEvent) => {
    if (e.relatedTarget || motionStore.getState().testMode) return;
    set((s) => ({ pointer: { ...s.pointer, inside: false } }));
  };
  const reduced = win.matchMedia('(prefers-reduced-motion: reduce)');
  const onReduced = () => set({ reducedMotion: reduced.matches });

  const passive = { passive: true } as const;
  measure();
  onReduced();
  win.addEventListener('scroll', onScroll, passive);
  win.addEventListener('resize', measure, passive);
  win.addEventListener('pointermove', onPointer, passive);
  win.addEventListener('pointerdown', onDown, passive);
  win.addEventListener('pointerup', onUp, passive);
  win.addEventListener('pointercancel', onUp, passive);
  win.addEventListener('touchmove', onTouch, passive);
  win.addEventListener('touchend', onTouchEnd, passive);
  win.addEventListener('touchcancel', onTouchEnd, passive);
  win.document.addEventListener('mouseout', onLeave, passive);
  reduced.addEventListener('change', onReduced);
  return () => {
    win.removeEventListener('scroll', onScroll);
    win.removeEventListener('resize', measure);
    win.removeEventListener('pointermove', onPointer);
    win.removeEventListener('pointerdown', onDown);
    win.removeEventListener('pointerup', onUp);
    win.removeEventListener('pointercancel', onUp);
    win.removeEventListener('touchmove', onTouch);
    win.removeEventListener('touchend', onTouchEnd);
    win.removeEventListener('touchcancel', onTouchEnd);
    win.document.removeEventListener('mouseout', onLeave);
    reduced.removeEventListener('change', onReduced);
  };
}
