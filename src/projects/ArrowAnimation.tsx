import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { LottieAnimationProps } from './LottieAnimation';

const ARROW_WIDTH_PX = 30;
const ARROW_SPEED = 1.25;

interface LoadedArrow {
  Player: ComponentType<LottieAnimationProps>;
  data: object;
}

let loading: Promise<LoadedArrow> | null = null;

/** The Lottie player (about 50 KB) is fetched once, when first needed, never on the critical path. */
function loadArrow(): Promise<LoadedArrow> {
  loading ??= Promise.all([import('./LottieAnimation'), import('./arrow.lottie.json')]).then(
    ([player, json]) => ({ Player: player.default, data: json.default as object }),
    (error: unknown) => {
      loading = null; // offline before it was ever loaded: the arrow rests; a later call tries again
      throw error;
    },
  );
  return loading;
}

/** Runs `load` once `el` comes near the viewport (the cards sit below the first screen). */
function whenNearViewport(el: Element, load: () => void): () => void {
  if (!('IntersectionObserver' in window)) {
    load();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        load();
      }
    },
    { rootMargin: '400px 0px' },
  );
  observer.observe(el);
  return () => observer.disconnect();
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

export function ArrowAnimation({ playing }: { playing: boolean }) {
  const [arrow, setArrow] = useState<LoadedArrow | null>(null);

  const spanRef = useRef<HTMLSpanElement>(null);

  // Loaded near the viewport or on the first hover: a visit that never reaches the cards never pays.
  useEffect(() => {
    let live = true;
    const load = () =>
      void loadArrow().then(
        (a) => live && setArrow(a),
        () => {},
      );
    if (playing) load();
    const cancel = spanRef.current ? whenNearViewport(spanRef.current, load) : () => {};
    return () => {
      live = false;
      cancel();
    };
  }, [playing]);

  return (
    <span
      ref={spanRef}
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
