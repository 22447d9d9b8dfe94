import { createRoot } from '../domRuntime';
import { StrictMode } from 'react';
import { shallow } from 'zustand/shallow';
import { eventActions as act, motionStore, now } from '../motion/store';
import { idleState, msToNextIdleThreshold, RETURN_TO_TOP_AFTER_MS } from '../motion/attract';
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
  let timer: ReturnType<typeof setTimeout> | undefined;

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
    const idleMs = now(s) - s.lastInput;
    const state = idleState(idleMs);
    if (s.idle !== state.attract) act.idle(state.attract);
    root.dataset.eventCursor = state.cursorHidden ? 'hidden' : 'shown';
    if (state.returnToTop && !returned) {
      returned = true;
      backToStart();
    } else if (!state.returnToTop) returned = false;
    // On the page's own clock, wake up at the next threshold; in test mode the test's clock does.
    clearTimeout(timer);
    const wait = msToNextIdleThreshold(idleMs);
    if (!s.testMode && wait !== null) timer = setTimeout(evaluate, wait + 5);
  }

  function markActive() {
    act.input(now());
    evaluate();
  }

  // A touch that moves the light (motion/inputs.ts) is input through the pointer's change below.
  function onTouch(e: TouchEvent) {
    if (!e.touches[0] || motionStore.getState().testMode) markActive();
  }

  // A pointer change or the clock changing hands is input; a tick of the test's clock is only time.
  const unsubscribe = motionStore.subscribe(
    (s) => [s.pointer, s.testMode, s.testTime] as const,
    ([pointer, testMode], [prevPointer, prevTestMode]) => {
      if (pointer !== prevPointer || testMode !== prevTestMode) markActive();
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
  win.addEventListener('touchstart', onTouch, passive);
  win.addEventListener('touchmove', onTouch, passive);
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
    clearTimeout(timer);
    unsubscribe();
    listening.abort();
    ui.unmount();
    host.remove();
    delete root.dataset.eventMode;
    delete root.dataset.eventCursor;
    act.stop();
  };
}
