/** Motion in the contact form: the height of the banner, the width of Send, its icons, the counter. */
import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { animated, to, useSpring } from '@react-spring/web';
import { COUNTER_MARK, FORM } from '../dom-motion/springs';

/** The frame around the banner opens to fit its text; the live regions never leave the page. */
export function useBannerFrame(content: RefObject<HTMLElement | null>, hasText: boolean) {
  const [style, api] = useSpring(() => ({ height: 0, opacity: 0, config: FORM }));
  useLayoutEffect(() => {
    const element = content.current;
    if (!element) return;
    const follow = () =>
      void api.start({
        height: hasText ? element.getBoundingClientRect().height : 0,
        opacity: hasText ? 1 : 0,
      });
    // The observer's first call comes once this frame is laid out, so the frame opens from the
    // next one: the press's own frame paints only what changed in place (the fields' marks, the
    // focus), not the form moved down. It calls again when text wraps anew (a resize, a font).
    const observer = new ResizeObserver(follow);
    observer.observe(element);
    return () => observer.disconnect();
  }, [api, content, hasText]);
  return { ...style, overflow: 'hidden' as const };
}

/** Send's width follows its content on a spring from state to state, then rests at `auto`. */
export function useSendWidth(
  button: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  state: string,
) {
  const last = useRef(0);
  const [{ width }, api] = useSpring(() => ({ width: 0, config: FORM }));
  useLayoutEffect(() => {
    const b = button.current;
    const c = content.current;
    if (!b || !c) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.borderBoxSize[0]?.inlineSize ?? 0);
      if (width > 0) last.current = naturalWidth(b, width);
    });
    observer.observe(c);
    return () => observer.disconnect();
  }, [button, content]);
  useLayoutEffect(() => {
    const b = button.current;
    const c = content.current;
    const from = last.current;
    // No width at rest until the observer saw the form drawn: no layout read at hydration.
    if (from === 0 || !b || !c) return;
    const natural = naturalWidth(b, c.offsetWidth);
    last.current = natural;
    const spans = b.parentElement !== null && b.offsetWidth >= b.parentElement.clientWidth;
    if (from === natural || spans) return;
    void api.start({
      from: { width: from },
      to: { width: natural },
      onRest: () => api.set({ width: 0 }),
    });
  }, [api, button, content, state]);
  return useMemo(() => ({ width: to([width], (w) => (w === 0 ? 'auto' : `${w}px`)) }), [width]);
}

/** The button's width at rest around content `contentWidth` wide, never under its min-width. */
function naturalWidth(button: HTMLElement, contentWidth: number) {
  const css = getComputedStyle(button);
  return Math.max(
    parseFloat(css.minWidth) || 0,
    contentWidth + parseFloat(css.paddingLeft) + parseFloat(css.paddingRight),
  );
}

/** An icon that grows in on a spring when it appears. */
export function PopIn({ children }: { children: ReactNode }) {
  const style = useSpring({
    from: { opacity: 0, scale: 0.4 },
    to: { opacity: 1, scale: 1 },
    config: FORM,
  });
  return (
    <animated.span className="contact-form__icon" style={style}>
      {children}
    </animated.span>
  );
}

/** The counter pulses when the message reaches its minimum length (not at hydration). */
export function useCounterMark(reached: boolean) {
  const was = useRef(reached);
  const [{ scale }, api] = useSpring(() => ({ scale: 1, config: COUNTER_MARK }));
  useEffect(() => {
    if (reached && !was.current) void api.start({ from: { scale: 1.45 }, to: { scale: 1 } });
    was.current = reached;
  }, [reached, api]);
  // One interpolation for the form's life: a new one each key would be bound anew each key.
  return useMemo(
    () => ({ transform: to([scale], (s) => (s === 1 ? 'none' : `scale(${s})`)) }),
    [scale],
  );
}
