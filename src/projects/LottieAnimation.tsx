import { useEffect, useRef, type MouseEvent } from 'react';
import { LottieLight, type LottieHandle } from 'lottie-react';

export interface LottieAnimationProps {
  animationData: object;
  /** Whether it should be playing now; turning it off stops and rewinds. */
  playing: boolean;
  speed?: number;
  /** Width in CSS pixels; the height follows the animation's square frame. */
  width: number;
  role?: string;
  label?: string;
  clickToPause?: boolean;
  decorative?: boolean;
  className?: string;
}

/** The light Lottie player (no eval, so a strict CSP allows it); it never autoplays or loops. */
export default function LottieAnimation({
  animationData,
  playing,
  speed = 1,
  width,
  role = 'button',
  label = 'animation',
  clickToPause = true,
  decorative = false,
  className,
}: LottieAnimationProps) {
  const handle = useRef<LottieHandle>(null);
  const paused = useRef(false);

  useEffect(() => {
    const h = handle.current;
    if (!h) return;
    paused.current = false;
    if (playing) {
      h.stop();
      h.play();
    } else h.stop();
  }, [playing]);

  function togglePause(event: MouseEvent) {
    if (!clickToPause || decorative) return;
    event.preventDefault();
    const h = handle.current;
    if (!h) return;
    paused.current = !paused.current;
    if (paused.current) h.pause();
    else h.play();
  }

  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : { role, 'aria-label': label, tabIndex: 0 };
  return (
    <LottieLight
      {...a11y}
      className={className}
      src={animationData}
      lottieRef={handle}
      autoplay={false}
      loop={false}
      speed={speed}
      style={{ width, height: width }}
      onClick={togglePause}
      subscriptions={{
        // A player that loads while its button is already hovered starts at once.
        ready: () => {
          if (playing) handle.current?.play();
        },
      }}
    />
  );
}
