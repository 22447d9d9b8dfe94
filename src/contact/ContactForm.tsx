import {
  useMemo,
  useReducer,
  useRef,
  type ActionDispatch,
  type FocusEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { animated } from '@react-spring/web';
import { edgeLightRef } from '../dom-motion/edgeLight';
import { newIdempotencyKey } from './draft';
import { Field, type FieldControl } from './Field';
import { FormBanner } from './FormBanner';
import { useCounterMark } from './formMotion';
import { formReducer, INITIAL_STATE, type FormEvent } from './formState';
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

/** The message's hint, and its length counted against the minimum, marked when it is enough. */
function MessageMeta({ message }: { message: string }) {
  const count = contentLength(message);
  const tone = counterTone(message, count);
  const counterMark = useCounterMark(tone === 'contact-form__counter--ok');
  return (
    <div className="contact-form__meta">
      <span id="contact-message-hint">{words.contact.messageHint(MESSAGE_MIN, MESSAGE_MAX)}</span>
      <animated.span
        id="contact-counter"
        className={`contact-form__counter ${tone}`}
        style={counterMark}
      >
        {count}/{MESSAGE_MIN}
      </animated.span>
    </div>
  );
}

/** Honeypot: people never see or reach it; bots that fill every field do. */
function Honeypot({
  control,
  value,
  onChange,
}: {
  control: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="contact-form__trap" aria-hidden="true">
      <label htmlFor="contact-website">{words.contact.trap}</label>
      <input
        ref={control}
        id="contact-website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * A field taking the focus is the visitor engaging with the form; Send taking it (a click) is the
 * send itself, which takes the challenge solved ahead.
 */
function preloadOnFieldFocus(event: FocusEvent<HTMLFormElement>) {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)
    preload();
}

/** The form's elements, and one change handler per field for the form's life. */
function useFormControls(dispatch: ActionDispatch<[FormEvent]>) {
  const name = useRef<FieldControl>(null);
  const email = useRef<FieldControl>(null);
  const message = useRef<FieldControl>(null);
  const website = useRef<HTMLInputElement>(null);
  const controls = useMemo(() => ({ name, email, message, website }), []);
  // A handler that never changes lets a key draw again only its own field.
  const edits = useMemo(() => {
    const edit = (field: ContactField) => (e: { target: { value: string } }) =>
      dispatch({ type: 'edited', field, value: e.target.value });
    return { name: edit('name'), email: edit('email'), message: edit('message') };
  }, [dispatch]);
  return { controls, edits };
}

/** The contact form; its firebase client and outbox load on first focus, not in the first paint. */
export function ContactForm() {
  const [state, dispatch] = useReducer(formReducer, INITIAL_STATE);
  const { controls, edits } = useFormControls(dispatch);
  useDraft(state, dispatch, controls);
  useKiosk(state, dispatch);
  useOutbox(state, dispatch);
  useSend(state.attempt, dispatch);

  const { status, fields, kiosk } = state;

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'submit', key: newIdempotencyKey() });
    // The keyboard goes to the first field the banner names.
    const first = status === 'idle' ? contactProblems(fields)[0] : undefined;
    if (first) controls[first.field].current?.focus();
  }

  const field = (id: ContactField) => ({
    name: id,
    label: words.contact.labels[id],
    control: controls[id],
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
      onFocus={preloadOnFieldFocus}
      aria-labelledby="contact-title"
      autoComplete={kiosk ? 'off' : undefined}
    >
      <FormBanner banner={state.banner} />
      <fieldset className="contact-form__fields" disabled={status === 'sent'}>
        <legend className="visually-hidden">{words.contact.legend}</legend>
        <div className="contact-form__row">
          <Field {...field('name')} type="text" autoComplete={kiosk ? 'off' : 'name'} />
          <Field
            {...field('email')}
            type="email"
            autoComplete={kiosk ? 'off' : 'email'}
            inputMode="email"
            spellCheck={false}
          />
        </div>
        <Field {...field('message')} rows={4} describedBy="contact-message-hint contact-counter">
          <MessageMeta message={fields.message} />
        </Field>
        <Honeypot
          control={controls.website}
          value={state.website}
          onChange={(value) => dispatch({ type: 'baited', value })}
        />
        <SendButton status={status} />
      </fieldset>
    </form>
  );
}
