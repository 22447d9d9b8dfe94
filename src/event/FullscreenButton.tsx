import { useEffect, useState } from 'react';
import { LineIcon } from '../layout/LineIcon';
import { words } from '../content/words';

/** The kiosk's full-screen toggle; absent where the browser has no full-screen API. */
export function FullscreenButton() {
  const [full, setFull] = useState(() => document.fullscreenElement !== null);

  useEffect(() => {
    const update = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  if (!document.fullscreenEnabled) return null;

  function toggle() {
    const change = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    change.catch((error: unknown) => console.warn('Full screen was refused.', error));
  }

  return (
    <button type="button" className="event-fullscreen" onClick={toggle}>
      <LineIcon
        d={
          full ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'
        }
      />
      <span>{full ? words.event.leaveFullScreen : words.event.fullScreen}</span>
    </button>
  );
}
