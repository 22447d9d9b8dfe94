import { useEffect, useRef, type MouseEvent } from 'react';
import { LottieLight, type LottieHandle } from 'lottie-react';

export interface LottieAnimationProps {
  animationData: object;
  /** Whether it should be playing now; turning it off stops and rewinds. */
  playing: boolean;
  /** Playback rate (the spec's wrapper default is 1). */
  speed?: number;
  /** Width in CSS pixels; the height follows the animation's square frame. */
  width: number;
  role?: string;
  label?: string;
  /** A click pauses or resumes, as the spec's wrapper does by default. */
  clickToPause?: boolean;
  /** Purely decorative: hidden from assistive technology, not interactive. */
  decorative?: boolean;
  className?: string;
}

/**
 * The light Lottie player (no eval, so it runs under a strict CSP) with the spec's wrapper
 * defaults: speed 1, role "button", label "animation", click to pause. It never autoplays and
 * never loops.
 */
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
