/** The form's two lazy chunks: the firebase client and the outbox. */

let clientModule: Promise<typeof import('./client')> | undefined;
export function loadClient() {
  clientModule ??= import('./client').catch((error: unknown) => {
    clientModule = undefined; // a later Send tries again
    throw error;
  });
  return clientModule;
}

let outboxModule: Promise<typeof import('./outbox')> | undefined;
export function loadOutbox() {
  outboxModule ??= import('./outbox').catch((error: unknown) => {
    outboxModule = undefined;
    throw error;
  });
  return outboxModule;
}

/** How long the visitor has neither typed nor pressed before the form's lazy work starts. */
const QUIET_MS = 400;
/** What restarts the wait: any key, press or edit, in the form or elsewhere. */
const INPUTS = ['keydown', 'pointerdown', 'input'] as const;

/** Stops the wait under way, if any, without starting the work. */
let cancel: (() => void) | null = null;

function startWork() {
  void Promise.all([loadClient().then((client) => client.prepareChallenge()), loadOutbox()]).catch(
    () => {},
  );
}

/**
 * Fetches both chunks when the form takes the focus, since both are needed once Send is pressed,
 * and starts solving the next message's challenge (src/contact/challenge.ts). None of it runs in
 * the frame of a press or a key, nor while keys come: it waits until the visitor has neither
 * typed nor pressed for QUIET_MS, then for the browser's next idle moment. A Send before that
 * loads what it needs itself (`cancelPreload`).
 */
export function preload() {
  if (cancel) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const restart = () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
    timer = setTimeout(whenIdle, QUIET_MS);
  };
  const stop = () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
    for (const type of INPUTS) window.removeEventListener(type, restart, true);
    cancel = null;
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback !== 'function') return start();
    idle = requestIdleCallback(start, { timeout: 1000 });
  };
  const start = () => {
    stop();
    startWork();
  };
  for (const type of INPUTS)
    window.addEventListener(type, restart, { capture: true, passive: true });
  cancel = stop;
  restart();
}

/** Drops a preload still waiting: a Send takes its challenge and loads the chunks itself. */
export function cancelPreload() {
  cancel?.();
}
