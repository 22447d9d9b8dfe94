import type { ReactNode } from 'react';

/** A home-page section: a landmark named by its own <h2>. */
export function Section({
  name,
  title,
  className,
  anchor = false,
  children,
}: {
  /** Names the heading's id (`<name>-title`) and, with `anchor`, the section's own id. */
  name: string;
  title: string;
  className?: string;
  /** Whether links may jump to it (`#<name>`). */
  anchor?: boolean;
  children: ReactNode;
}) {
  const headingId = `${name}-title`;
  return (
    <section
      id={anchor ? name : undefined}
      className={className ? `section ${className}` : 'section'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
