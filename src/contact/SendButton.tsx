import { memo, useEffect, useRef, type RefObject } from 'react';
import { animated } from '@react-spring/web';
import { LineIcon } from '../layout/LineIcon';
import { Spinner } from '../layout/Spinner';
import { PopIn, useSendWidth } from './formMotion';
import type { Status } from './formState';
import { words } from '../content/words';

/**
 * Send, with a spinner while sending and Sent with a check mark once done. Drawn again only when
 * the status changes, not on every key.
 */
export const SendButton = memo(function SendButton({ status }: { status: Status }) {
  const button = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLSpanElement>(null);
  const width = useSendWidth(button, content, status);
  useFocusBack(button, status);
  return (
    <div className="contact-form__actions">
      <animated.button
        ref={button}
        type="submit"
        className="contact-form__send"
        disabled={status !== 'idle'}
        data-state={status}
        style={width}
      >
        <span ref={content} className="contact-form__send-content">
          {status === 'sending' && (
            <>
              <PopIn>
                <Spinner className="contact-form__spinner" />
              </PopIn>
              <span>{words.contact.send.sending}</span>
            </>
          )}
          {status === 'idle' && <span>{words.contact.send.idle}</span>}
          {status === 'queued' && <span>{words.contact.send.queued}</span>}
          {status === 'sent' && (
            <>
              <span>{words.contact.send.sent}</span>
              <PopIn>
                <LineIcon className="contact-form__check" d="M5 12.5l4.5 4.5L19 7.5" stroke={2.5} />
              </PopIn>
            </>
          )}
        </span>
      </animated.button>
      <p className="visually-hidden" role="status">
        {status === 'sent' ? words.contact.sentStatus : ''}
      </p>
    </div>
  );
});

/**
 * A disabled button loses the keyboard to the page. When Send is enabled again and nothing
 * else took the focus, it gets it back.
 */
function useFocusBack(button: RefObject<HTMLButtonElement | null>, status: Status) {
  const last = useRef(status);
  useEffect(() => {
    const wasBusy = last.current !== 'idle';
    last.current = status;
    if (status === 'idle' && wasBusy && document.activeElement === document.body)
      button.current?.focus();
  }, [button, status]);
}
