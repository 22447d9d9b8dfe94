import { useMemo, useReducer, useRef, type SyntheticEvent } from 'react';
import { animated } from '@react-spring/web';
import { edgeLightRef } from '../dom-motion/edgeLight';
import { newIdempotencyKey } from './draft';
import { Field, type FieldControl } from './Field';
import { FormBanner } from './FormBanner';
import { useCounterMark } from './formMotion';
import { formReducer, INITIAL_STATE } from './formState';
import { preload } from './lazy';
import {
  contactProblems,
  contentLength,
  MESSAGE_MAX,
  MESSAGE_MIN,
  rawLength,
  type ContactField,
} from '../contract/rules';
import { SendButton } from './SendButton';
import { useSend } from './useSend';
import { useDraft } from './useDraft';
import { useKiosk } from './useKiosk';
import { useOutbox } from './useOutbox';
import { words } from '../content/words';

function counterTone(message: string, count: number): string {
  if (rawLength(message) > MESSAGE_MAX) return 'contact-form__counter--over';
  return count >= MESSAGE_MIN ? 'contact-form__counter--ok' : '';
}

/** The contact form; its firebase client and outbox load on first focus, not in the first paint. */
export function ContactForm() {
  const [state, dispatch] = useReducer(formReducer, INITIAL_STATE);
  const name = useRef<FieldControl>(null);
  const email = useRef<FieldControl>(null);
  const message = useRef<FieldControl>(null);
  const website = useRef<HTMLInputElement>(null);
  const controls = useMemo(() => ({ name, email, message, website }), []);
  // One change handler per field for the form's life, so a key draws again only its own field.
  const edits = useMemo(() => {
    const edit = (field: ContactField) => (e: { target: { value: string } }) =>
      dispatch({ type: 'edited', field, value: e.target.value });
    return { name: edit('name'), email: edit('email'), message: edit('message') };
  }, []);
  useDraft(state, dispatch, controls);
  useKiosk(state, dispatch);
  useOutbox(state, dispatch);
  useSend(state.attempt, dispatch);

  const { status, fields, kiosk } = state;
  const count = contentLength(fields.message);
  const tone = counterTone(fields.message, count);
  const counterMark = useCounterMark(tone === 'contact-form__counter--ok');

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'submit', key: newIdempotencyKey() });
    // The keyboard goes to the first field the banner names.
    const first = status === 'idle' ? contactProblems(fields)[0] : undefined;
    if (first) controls[first.field].current?.focus();
  }

  const field = (id: ContactField) => ({
    name: id,
    invalid: state.invalid.includes(id),
    readOnly: status !== 'idle',
    value: fields[id],
    onChange: edits[id],
  });

  return (
    <form
      ref={edgeLightRef}
      className="contact-form"
      data-edge-light=""
      noValidate
      onSubmit={onSubmit}
      onFocus={(e) => {
        // A field taking the focus is the visitor engaging with the form; Send taking it (a
        // click) is the send itself, which takes the challenge solved ahead.
        if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)
          preload();
      }}
      aria-labelledby="contact-title"
      autoComplete={kiosk ? 'off' : undefined}
    >
      <FormBanner banner={state.banner} />
      <fieldset className="contact-form__fields" disabled={status === 'sent'}>
        <legend className="visually-hidden">{words.contact.legend}</legend>
        <div className="contact-form__row">
          <Field
            {...field('name')}
            control={name}
            label={words.contact.labels.name}
            type="text"
            autoComplete={kiosk ? 'off' : 'name'}
          />
          <Field
            {...field('email')}
            control={email}
            label={words.contact.labels.email}
            type="email"
            autoComplete={kiosk ? 'off' : 'email'}
            inputMode="email"
            spellCheck={false}
          />
        </div>
        <Field
          {...field('message')}
          control={message}
          label={words.contact.labels.message}
          rows={4}
          describedBy="contact-message-hint contact-counter"
        >
          <div className="contact-form__meta">
            <span id="contact-message-hint">
              {words.contact.messageHint(MESSAGE_MIN, MESSAGE_MAX)}
            </span>
            <animated.span
              id="contact-counter"
              className={`contact-form__counter ${tone}`}
              style={counterMark}
            >
              {count}/{MESSAGE_MIN}
            </animated.span>
          </div>
        </Field>
        {/* Honeypot: people never see or reach it; bots that fill every field do. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor="contact-website">{words.contact.trap}</label>
          <input
            ref={website}
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={state.website}
            onChange={(e) => dispatch({ type: 'baited', value: e.target.value })}
          />
        </div>
        <SendButton status={status} />
      </fieldset>
    </form>
  );
}
