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

/**
 * Fetches both when the form takes the focus, since both are needed once Send is pressed, and
 * starts solving the next message's challenge (src/contact/challenge.ts). They start after the
 * next frame: fetched and run in the focus event itself, they would hold up the paint of the focus.
 */
export function preload() {
  requestAnimationFrame(() =>
    setTimeout(
      () =>
        void Promise.all([
          loadClient().then((client) => client.prepareChallenge()),
          loadOutbox(),
        ]).catch(() => {}),
    ),
  );
}
