import { createRoot } from '../domRuntime';
import { StrictMode } from 'react';
import { eventActions as act, motionStore, now, pageClock } from '../motion/store';
import { idleState, msToNextIdleThreshold, RETURN_TO_TOP_AFTER_MS } from '../title/model/attract';
import { forgetVisitor } from '../contact/kiosk';
import { listenPassively } from '../shared/listen';
import { FullscreenButton } from './FullscreenButton';
import { OutboxMark } from './OutboxMark';
import './event.css';

/** Starts event mode (a kiosk at an event): idle timers, the return to the start, its controls. */
export function startEventMode(win: Window = window): () => void {
  const root = win.document.documentElement;
  const idle = watchIdle(win);
  // A pointer change is input; so is a touch, a key or the wheel (listenForInput).
  const unsubscribe = motionStore.subscribe((s) => s.pointer, idle.markActive);
  const stopListening = listenForInput(win, idle.markActive);
  act.start();
  root.dataset.eventMode = 'on';
  idle.markActive();
  const unmountControls = mountControls(win.document);
  return () => {
    idle.cancel();
    unsubscribe();
    stopListening();
    unmountControls();
    delete root.dataset.eventMode;
    delete root.dataset.eventCursor;
    act.stop();
  };
}

/** Event mode's idle timers: the attract loop, the hidden cursor, the return to the start. */
function watchIdle(win: Window) {
  const root = win.document.documentElement;
  // Back to the start keeps the flags the kiosk was opened with (`?event`, test flags).
  const startSearch = win.location.search;
  let returned = false;
  let cancelTimer = () => {};

  function evaluate() {
    const s = motionStore.getState();
    const idleMs = now() - s.lastInput;
    const state = idleState(idleMs);
    if (s.idle !== state.attract) act.idle(state.attract);
    root.dataset.eventCursor = state.cursorHidden ? 'hidden' : 'shown';
    if (state.returnToTop && !returned) {
      returned = true;
      backToStart(win, startSearch);
    } else if (!state.returnToTop) returned = false;
    // Wakes up just past the next threshold, on the clock that was handed in.
    cancelTimer();
    const wait = msToNextIdleThreshold(idleMs);
    if (wait !== null) cancelTimer = pageClock().after(wait + 5, evaluate);
  }

  function markActive() {
    act.input(now());
    evaluate();
  }

  return { markActive, cancel: () => cancelTimer() };
}

/** Forgets the visitor and goes back to the top of the home page. */
function backToStart(win: Window, startSearch: string): void {
  const s = motionStore.getState();
  (win.document.activeElement as HTMLElement | null)?.blur?.();
  forgetVisitor(win);
  // The address, not the store's onHome: a route change still rendering has its address already.
  if (win.location.pathname === '/') {
    win.scrollTo({ top: 0, behavior: s.reducedMotion ? 'instant' : 'smooth' });
  } else {
    // A client-side route change (React Router follows popstate): no reload, the canvas lives on.
    win.history.pushState(null, '', `/${startSearch}`);
    win.dispatchEvent(new PopStateEvent('popstate'));
    win.scrollTo({ top: 0, behavior: 'instant' });
  }
}

/** Listens for touches, keys and the wheel, and for a page back from the cache; returns the stop. */
function listenForInput(win: Window, markActive: () => void): () => void {
  // A page brought back from the back/forward cache after a long absence is a new visitor's.
  let hiddenAt = 0;
  const onPageHide = () => (hiddenAt = Date.now());
  const onPageShow = (e: PageTransitionEvent) => {
    if (e.persisted && Date.now() - hiddenAt >= RETURN_TO_TOP_AFTER_MS) forgetVisitor(win);
  };
  const listening = new AbortController();
  listenPassively(
    win,
    {
      pagehide: onPageHide,
      pageshow: onPageShow,
      touchstart: markActive,
      touchmove: markActive,
      keydown: markActive,
      wheel: markActive,
    },
    listening.signal,
  );
  return () => listening.abort();
}

/** Event mode's controls (the outbox mark, the fullscreen button), in their own root. */
function mountControls(doc: Document): () => void {
  const host = doc.createElement('div');
  host.className = 'event-controls';
  doc.body.append(host);
  const ui = createRoot(host);
  ui.render(
    <StrictMode>
      <OutboxMark />
      <FullscreenButton />
    </StrictMode>,
  );
  return () => {
    ui.unmount();
    host.remove();
  };
}
