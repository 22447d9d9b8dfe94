import { useEffect, useState, type ComponentType } from 'react';
import type { LottieAnimationProps } from './LottieAnimation';

/** The spec's arrow: 30 px wide, played at 1.25x (the file is 500x500, 30 fps, 150 frames). */
export const ARROW_WIDTH_PX = 30;
export const ARROW_SPEED = 1.25;

interface LoadedArrow {
  Player: ComponentType<LottieAnimationProps>;
  data: object;
}

let loading: Promise<LoadedArrow> | null = null;

/** The Lottie player (about 50 KB) is fetched once, after first paint, never on the critical path. */
export function loadArrow(): Promise<LoadedArrow> {
  loading ??= Promise.all([import('./LottieAnimation'), import('./arrow.lottie.json')]).then(
    ([player, json]) => ({ Player: player.default, data: json.default as object }),
  );
  return loading;
}

function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1500);
  return () => clearTimeout(id);
}

/** The arrow at rest, the same as the animation's first frame, until the player is loaded. */
function StaticArrow() {
  return (
    <svg
      width={ARROW_WIDTH_PX}
      height={ARROW_WIDTH_PX}
      viewBox="0 0 500 500"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M100 250h290M280 135l115 115-115 115"
        fill="none"
        stroke="currentColor"
        strokeWidth="46"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The card button's arrow: plays while `playing`, rests otherwise. */
export function ArrowAnimation({ playing }: { playing: boolean }) {
  const [arrow, setArrow] = useState<LoadedArrow | null>(null);

  useEffect(() => {
    let live = true;
    const load = () => void loadArrow().then((a) => live && setArrow(a));
    if (playing) load();
    const cancel = whenIdle(load);
    return () => {
      live = false;
      cancel();
    };
  }, [playing]);

  return (
    <span
      className="arrow"
      data-playing={playing ? 'true' : 'false'}
      data-ready={arrow ? 'true' : 'false'}
    >
      {arrow ? (
        <arrow.Player
          animationData={arrow.data}
          playing={playing}
          speed={ARROW_SPEED}
          width={ARROW_WIDTH_PX}
          decorative
        />
      ) : (
        <StaticArrow />
      )}
    </span>
  );
}
