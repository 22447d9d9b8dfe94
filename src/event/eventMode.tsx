import { createRoot } from '../domRuntime';
import { StrictMode } from 'react';
import { shallow } from 'zustand/shallow';
import { eventActions as act, motionStore, now, pageClock } from '../motion/store';
import { idleState, msToNextIdleThreshold, RETURN_TO_TOP_AFTER_MS } from '../title/model/attract';
import { forgetVisitor } from '../contact/kiosk';
import { FullscreenButton } from './FullscreenButton';
import { OutboxMark } from './OutboxMark';
import './event.css';

export function startEventMode(win: Window = window): () => void {
  const doc = win.document;
  const root = doc.documentElement;
  // Back to the start keeps the flags the kiosk was opened with (`?event`, test flags).
  const startSearch = win.location.search;
  let returned = false;
  let cancelTimer = () => {};

  function backToStart() {
    const s = motionStore.getState();
    (doc.activeElement as HTMLElement | null)?.blur?.();
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

  function evaluate() {
    const s = motionStore.getState();
    const idleMs = now() - s.lastInput;
    const state = idleState(idleMs);
    if (s.idle !== state.attract) act.idle(state.attract);
    root.dataset.eventCursor = state.cursorHidden ? 'hidden' : 'shown';
    if (state.returnToTop && !returned) {
      returned = true;
      backToStart();
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

  // A pointer change is input. So is a touch, whether or not it moved the pointer: a test's
  // pointer (motion/testInputs.ts) is not the finger's. A set clock's new time is only time.
  const unsubscribe = motionStore.subscribe(
    (s) => [s.pointer, s.clockTime] as const,
    ([pointer], [prevPointer]) => {
      if (pointer !== prevPointer) markActive();
      else evaluate();
    },
    { equalityFn: shallow },
  );

  // A page brought back from the back/forward cache after a long absence is a new visitor's.
  let hiddenAt = 0;
  const onPageHide = () => (hiddenAt = Date.now());
  const onPageShow = (e: PageTransitionEvent) => {
    if (e.persisted && Date.now() - hiddenAt >= RETURN_TO_TOP_AFTER_MS) forgetVisitor(win);
  };
  const listening = new AbortController();
  const passive = { passive: true, signal: listening.signal } as const;
  win.addEventListener('pagehide', onPageHide, passive);
  win.addEventListener('pageshow', onPageShow, passive);
  win.addEventListener('touchstart', markActive, passive);
  win.addEventListener('touchmove', markActive, passive);
  win.addEventListener('keydown', markActive, passive);
  win.addEventListener('wheel', markActive, passive);

  act.start();
  root.dataset.eventMode = 'on';
  markActive();

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
    cancelTimer();
    unsubscribe();
    listening.abort();
    ui.unmount();
    host.remove();
    delete root.dataset.eventMode;
    delete root.dataset.eventCursor;
    act.stop();
  };
}
