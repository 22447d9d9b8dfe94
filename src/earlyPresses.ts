/**
 * Holds the page's buttons pressed (clicked, or Enter/Space from the keyboard) before the app has
 * hydrated: the press, and its default action (a form's submission), wait for the app, so nothing
 * happens twice or half. `release()` stops holding and presses them again, in order, once the app
 * is interactive; `stop()` only stops holding (the app could not start: buttons act natively).
 */
export function earlyPresses(root: Element, doc: Document = document) {
  const pressed: HTMLButtonElement[] = [];
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled || !root.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pressed.push(button);
  };
  doc.addEventListener('click', hold, true);
  const stop = () => doc.removeEventListener('click', hold, true);
  return {
    stop,
    release: () => {
      stop();
      for (const button of pressed.splice(0))
        if (button.isConnected && !button.disabled) button.click();
    },
  };
}
