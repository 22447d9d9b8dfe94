import { words } from '../content/words';

/** A loading spinner; its text is for screen readers only. */
export function Spinner({ className = '' }: { className?: string }) {
  return (
    <span className={`spinner ${className}`.trim()} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{words.loading}</span>
    </span>
  );
}
