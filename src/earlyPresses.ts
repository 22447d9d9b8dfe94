/**
 * Remembers the page's buttons pressed (clicked, or Enter/Space from the keyboard) before the app
 * runs. `replay()` stops listening and presses them again, in order, once the app has hydrated.
 */
export function earlyPresses(root: Element, doc: Document = document) {
  const pressed: HTMLButtonElement[] = [];
  const remember = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && !button.disabled && root.contains(button)) pressed.push(button);
  };
  doc.addEventListener('click', remember, true);
  return {
    /** Stops listening: from here on the app's own handlers take the presses. */
    stop: () => doc.removeEventListener('click', remember, true),
    replay: () => {
      for (const button of pressed.splice(0))
        if (button.isConnected && !button.disabled) button.click();
    },
  };
}
