/** `animated` elements for the tags the site moves, without @react-spring/web (docs/dom-motion.md). */
import type { ComponentPropsWithRef, CSSProperties, ForwardRefExoticComponent } from 'react';
import { createHost } from '@react-spring/animated';
import type { FrameValue } from '@react-spring/core';

const TAGS = ['article', 'button', 'div', 'footer', 'h2', 'li', 'section', 'span'] as const;
type Tag = (typeof TAGS)[number];

/** A style whose values may be springs. */
export type AnimatedStyle = {
  [P in keyof CSSProperties]: CSSProperties[P] | FrameValue<CSSProperties[P]>;
};
type AnimatedElement<T extends Tag> = ForwardRefExoticComponent<
  Omit<ComponentPropsWithRef<T>, 'style'> & { style?: AnimatedStyle }
>;

/** Writes a spring's style values on the element: opacity as it is, other numbers in px. */
function applyAnimatedValues(element: unknown, props: { style?: Record<string, unknown> }) {
  if (!(element instanceof HTMLElement)) return false;
  for (const [name, value] of Object.entries(props.style ?? {}))
    element.style.setProperty(
      name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
      typeof value === 'number' && name !== 'opacity' ? `${value}px` : String(value ?? ''),
    );
}

/** `animated.div` and the like: elements whose style the springs write. */
// createHost types every element as `any`; these are the props they take.
export const animated = createHost([...TAGS], { applyAnimatedValues }).animated as unknown as {
  [T in Tag]: AnimatedElement<T>;
};
