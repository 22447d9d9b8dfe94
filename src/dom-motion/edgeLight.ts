/** The title's pointer light on the edges of the cards and the contact panel (docs/dom-motion.md). */
import { shallow } from 'zustand/shallow';
import { motionStore, type MotionState } from '../motion/store';
import { exposeProbe } from '../testing/probes';

/** How far from an edge the light still reaches it, px (the ring's gradient radius in CSS). */
export const EDGE_LIGHT_REACH = 220;

const elements = new Set<HTMLElement>();
const litNow = new WeakSet<HTMLElement>();
let frame = 0;
let writes = 0;

/** Whether the light is on the page: a mouse or pen over it, or a finger while it is down. */
function lightOn(s: MotionState): boolean {
  return s.pointer.inside && !s.reducedMotion && (s.pointer.kind !== 'touch' || s.pointerDown);
}

function write() {
  frame = 0;
  const s = motionStore.getState();
  const on = lightOn(s);
  // Every rect first, then every write: one layout, not one per element. Off: only the lit ones.
  const places = [...elements]
    .filter((el) => on || litNow.has(el))
    .map((el) => [el, el.getBoundingClientRect()] as const);
  for (const [el, r] of places) {
    const x = s.pointer.x - r.left;
    const y = s.pointer.y - r.top;
    const near =
      on &&
      x > -EDGE_LIGHT_REACH &&
      y > -EDGE_LIGHT_REACH &&
      x < r.width + EDGE_LIGHT_REACH &&
      y < r.height + EDGE_LIGHT_REACH;
    if (near) {
      el.style.setProperty('--edge-x', `${Math.round(x)}px`);
      el.style.setProperty('--edge-y', `${Math.round(y)}px`);
      el.dataset.edgeLit = '';
      litNow.add(el);
      writes++;
    } else if (litNow.has(el)) {
      el.style.removeProperty('--edge-x');
      el.style.removeProperty('--edge-y');
      delete el.dataset.edgeLit;
      litNow.delete(el);
      writes++;
    }
  }
}

let started = false;

/** Starts the page-wide light once (the app's start); it follows the store from then on. */
export function startEdgeLight(): void {
  if (started) return;
  started = true;
  exposeProbe('edgeLight', {
    get writes() {
      return writes;
    },
  });
  motionStore.subscribe(
    (s) => [s.pointer, s.pointerDown, s.scrollY, s.reducedMotion] as const,
    () => {
      if (elements.size > 0) frame ||= requestAnimationFrame(write);
    },
    { equalityFn: shallow },
  );
}

/** A ref for an element whose edge catches the light. */
export function edgeLightRef(element: HTMLElement | null): (() => void) | void {
  if (!element) return;
  elements.add(element);
  return () => {
    elements.delete(element);
    litNow.delete(element);
  };
}
