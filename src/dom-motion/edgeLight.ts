/** The title's pointer light on the edges of the cards and the contact panel (docs/dom-motion.md). */
import { shallow } from 'zustand/shallow';
import { motionStore, type MotionState } from '../motion/store';

/** How far from an edge the light still reaches it, px (the glow's radius in CSS). */
const EDGE_LIGHT_REACH = 220;

/**
 * An element's two glows: painted once, then only moved (transform) and shown or hidden
 * (opacity), under masks fixed to the element: the bands along its edges and the ring on its border.
 */
interface Glows {
  readonly bands: HTMLElement;
  readonly ring: HTMLElement;
  /** The element's border width: the bands frame starts inside it, the ring frame on it. */
  readonly border: number;
}

const elements = new Set<HTMLElement>();
const glows = new WeakMap<HTMLElement, Glows>();
const litNow = new WeakSet<HTMLElement>();
let frame = 0;

/** Whether the light is on the page: a mouse or pen over it, or a finger while it is down. */
function lightOn(s: MotionState): boolean {
  return s.pointer.inside && !s.reducedMotion && (s.pointer.kind !== 'touch' || s.pointerDown);
}

function addGlow(el: HTMLElement, kind: 'bands' | 'ring'): HTMLElement {
  const frame = document.createElement('span');
  frame.className = `edge-light edge-light--${kind}`;
  frame.setAttribute('aria-hidden', 'true');
  const glow = document.createElement('span');
  glow.className = 'edge-light__glow';
  frame.append(glow);
  el.append(frame);
  return glow;
}

/** The glows are made the first time the light comes near, so an unlit page has none. */
function glowsOf(el: HTMLElement): Glows {
  let g = glows.get(el);
  if (!g) {
    g = { bands: addGlow(el, 'bands'), ring: addGlow(el, 'ring'), border: el.clientLeft };
    glows.set(el, g);
  }
  return g;
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
    const x = Math.round(s.pointer.x - r.left);
    const y = Math.round(s.pointer.y - r.top);
    const near =
      on &&
      x > -EDGE_LIGHT_REACH &&
      y > -EDGE_LIGHT_REACH &&
      x < r.width + EDGE_LIGHT_REACH &&
      y < r.height + EDGE_LIGHT_REACH;
    if (near) {
      const g = glowsOf(el);
      const at = (dx: number) =>
        `translate(${x - dx - EDGE_LIGHT_REACH}px, ${y - dx - EDGE_LIGHT_REACH}px)`;
      g.ring.style.transform = at(0);
      g.bands.style.transform = at(g.border);
      if (!litNow.has(el)) {
        g.ring.style.opacity = g.bands.style.opacity = '1';
        el.dataset.edgeLit = '';
        litNow.add(el);
      }
    } else if (litNow.has(el)) {
      const g = glowsOf(el);
      g.ring.style.opacity = g.bands.style.opacity = '';
      delete el.dataset.edgeLit;
      litNow.delete(el);
    }
  }
}

let started = false;

/** Starts the page-wide light once (the app's start); it follows the store from then on. */
export function startEdgeLight(): void {
  if (started) return;
  started = true;
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
