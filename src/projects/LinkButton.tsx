import { useState } from 'react';
import { ArrowAnimation } from './ArrowAnimation';

interface LinkButtonProps {
  label: string;
  href?: string;
  disabled: boolean;
  /** The id of the card title, so "Website" is announced with the project it belongs to. */
  describedBy: string;
}

/** A card's call to action: a live project's link, or an unreleased one's disabled button. */
export function LinkButton({ label, href, disabled, describedBy }: LinkButtonProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = !disabled && (hovered || focused);

  if (disabled || !href) {
    return (
      <button type="button" className="link-button" disabled aria-describedby={describedBy}>
        <span>{label}</span>
        <ArrowAnimation playing={false} />
      </button>
    );
  }
  return (
    <a
      className="link-button"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={describedBy}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={(e) => setFocused(e.currentTarget.matches(':focus-visible'))}
      onBlur={() => setFocused(false)}
    >
      <span>
        {label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </span>
      <ArrowAnimation playing={playing} />
    </a>
  );
}
