import { memo, useRef } from 'react';
import { animated } from '@react-spring/web';
import { useBannerFrame } from './formMotion';
import type { Banner } from './formState';

/**
 * The banner above the form: an error or a note, in a frame that opens to its height. Drawn
 * again only when the banner changes, not on every key.
 */
export const FormBanner = memo(function FormBanner({ banner }: { banner: Banner }) {
  const space = useRef<HTMLDivElement>(null);
  const frame = useBannerFrame(space, banner.text !== '');
  const className = [
    'contact-form__banner',
    !banner.text && 'contact-form__banner--empty',
    banner.polite && 'contact-form__banner--queued',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <animated.div className="contact-form__banner-frame" style={frame}>
      <div ref={space} className="contact-form__banner-space">
        <div id="contact-banner" className={className}>
          {/* Two live regions, both always present: an error is read at once, a note when idle. */}
          <span className="contact-form__banner-text">
            <span role="alert">{banner.polite ? '' : banner.text}</span>
            <span role="status">{banner.polite ? banner.text : ''}</span>
          </span>
        </div>
      </div>
    </animated.div>
  );
});
