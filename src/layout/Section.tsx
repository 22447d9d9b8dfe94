import type { ReactNode } from 'react';
import { animated } from '@react-spring/web';
import { revealStyle, useReveal } from '../dom-motion/useReveal';

/** A home-page section: a landmark named by its own <h2>. */
export function Section({
  name,
  title,
  className,
  anchor = false,
  reveal,
  children,
}: {
  /** Names the heading's id (`<name>-title`) and, with `anchor`, the section's own id. */
  name: string;
  title: string;
  className?: string;
  anchor?: boolean;
  /** What rises into view when it comes below the first screen: the whole section or its heading. */
  reveal?: 'section' | 'heading';
  children: ReactNode;
}) {
  const headingId = `${name}-title`;
  const [ref, [spring]] = useReveal<HTMLElement>();
  const style = spring ? revealStyle(spring) : undefined;
  return (
    <animated.section
      ref={reveal === 'section' ? ref : undefined}
      style={reveal === 'section' ? style : undefined}
      id={anchor ? name : undefined}
      className={className ? `section ${className}` : 'section'}
      aria-labelledby={headingId}
    >
      <animated.h2
        ref={reveal === 'heading' ? ref : undefined}
        style={reveal === 'heading' ? style : undefined}
        id={headingId}
        className="section__title"
      >
        {title}
      </animated.h2>
      {children}
    </animated.section>
  );
}
