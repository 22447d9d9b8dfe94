/** Holds buttons pressed before hydration, default action too, so nothing happens twice or half;
 * `release()` presses them again in order, `stop()` lets them act natively (the app failed). */
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
