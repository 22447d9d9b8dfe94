/**
 * The contact form: three fields, a counter, a Send button and an error banner. It holds no
 * firebase code: the client module is imported on the first focus (or on Send), so the SDK is
 * never part of the first paint.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { Spinner } from '../layout/Spinner';
import { DEFAULT_ERROR, type ContactResult } from './callResult';
import { Field, type FieldControl } from './Field';
import {
  clearDraft,
  draftText,
  EMPTY_DRAFT,
  newIdempotencyKey,
  parseDraft,
  saveDraft,
  type Draft,
} from './draft';
import {
  contactProblems,
  contentLength,
  MESSAGE_MAX,
  MESSAGE_MIN,
  problemsBanner,
  rawLength,
  type ContactField,
} from './rules';

type Status = 'idle' | 'sending' | 'sent';

let clientModule: Promise<typeof import('./client')> | undefined;
function loadClient() {
  clientModule ??= import('./client').catch((error: unknown) => {
    clientModule = undefined; // a later Send tries again
    throw error;
  });
  return clientModule;
}

function counterState(message: string): string {
  if (rawLength(message) > MESSAGE_MAX) return 'contact-form__counter--over';
  return contentLength(message) >= MESSAGE_MIN ? 'contact-form__counter--ok' : '';
}

export function ContactForm() {
  // Empty in the prerendered HTML and at hydration; the visitor's draft right after (below).
  const [fields, setFields] = useState<Draft>(EMPTY_DRAFT);
  const [website, setWebsite] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [banner, setBanner] = useState('');
  const [invalid, setInvalid] = useState<ReadonlySet<ContactField>>(new Set());
  const name = useRef<FieldControl>(null);
  const email = useRef<FieldControl>(null);
  const message = useRef<FieldControl>(null);
  const send = useRef<HTMLButtonElement>(null);
  const trap = useRef<HTMLInputElement>(null);
  const inputs = { name, email, message };
  const inFlight = useRef(false);

  // At hydration, before the first paint of the app's form: the stored draft, with whatever is
  // already in the fields on top (text typed before the app ran, or put back by the browser), so
  // a render of the state's values never writes over it. The idempotency key stays only while the
  // text is the draft's. Later input reaches the state through onChange.
  useLayoutEffect(() => {
    const draft = parseDraft(draftText());
    const typed: Partial<Draft> = {};
    for (const field of Object.keys(inputs) as ContactField[]) {
      const value = inputs[field].current?.value ?? '';
      if (value !== '' && value !== draft[field]) typed[field] = value;
    }
    const next = Object.keys(typed).length ? { ...draft, ...typed, idempotencyKey: '' } : draft;
    if (next !== draft) saveDraft(next);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state takes over the DOM's text, once
    setFields(next);
    const bait = trap.current?.value ?? '';
    if (bait !== '') setWebsite(bait);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration: refs only
  }, []);

  function update(field: ContactField, value: string) {
    // Changed text is a new message: it gets a new idempotency key when sent.
    const next = { ...fields, [field]: value, idempotencyKey: '' };
    setFields(next);
    saveDraft(next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A ref, not the state: a second Enter may arrive before React re-renders.
    if (inFlight.current || status !== 'idle') return;
    const problems = contactProblems(fields);
    setInvalid(new Set(problems.map((p) => p.field)));
    if (problems.length > 0) {
      setBanner(problemsBanner(problems));
      inputs[problems[0]!.field].current?.focus();
      return;
    }
    setBanner('');
    inFlight.current = true;
    setStatus('sending');
    const attempt = { ...fields, idempotencyKey: fields.idempotencyKey || newIdempotencyKey() };
    setFields(attempt);
    saveDraft(attempt);

    let result: ContactResult;
    try {
      const { sendContact } = await loadClient();
      result = await sendContact({ ...attempt, website });
    } catch (error) {
      // The client chunk itself did not load (offline, new deploy).
      console.error(error);
      result = { success: false, message: DEFAULT_ERROR };
    }
    inFlight.current = false;
    if (result.success) {
      clearDraft();
      setStatus('sent');
    } else {
      setBanner(result.message);
      setStatus('idle');
    }
  }

  // Give the keyboard its place back once the button is enabled again after a failure.
  const hasSent = useRef(false);
  useEffect(() => {
    if (status === 'sending') hasSent.current = true;
    else if (status === 'idle' && hasSent.current && document.activeElement === document.body)
      send.current?.focus();
  }, [status]);

  const busy = status !== 'idle';
  const count = contentLength(fields.message);
  const field = (name: ContactField) => ({
    name,
    control: inputs[name],
    invalid: invalid.has(name),
    readOnly: busy,
    value: fields[name],
    onChange: (e: ChangeEvent<FieldControl>) => update(name, e.target.value),
  });

  return (
    <form
      className="contact-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadClient().catch(() => {})}
      aria-labelledby="contact-title"
    >
      <div
        id="contact-banner"
        className={
          banner ? 'contact-form__banner' : 'contact-form__banner contact-form__banner--empty'
        }
        role="alert"
      >
        {banner}
      </div>
      <fieldset className="contact-form__fields" disabled={status === 'sent'}>
        <legend className="visually-hidden">Your message</legend>
        <div className="contact-form__row">
          <Field {...field('name')} label="Name" type="text" autoComplete="name" />
          <Field
            {...field('email')}
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
        </div>
        <Field
          {...field('message')}
          label="Message"
          rows={4}
          describedBy="contact-message-hint contact-counter"
        >
          <div className="contact-form__meta">
            <span id="contact-message-hint">
              At least {MESSAGE_MIN} characters, at most {MESSAGE_MAX}.
            </span>
            <span
              id="contact-counter"
              className={`contact-form__counter ${counterState(fields.message)}`}
            >
              {count}/{MESSAGE_MIN}
            </span>
          </div>
        </Field>
        {/* Honeypot: people never see or reach it; bots that fill every field do. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor="contact-website">Website (leave empty)</label>
          <input
            ref={trap}
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(e) => setWebsite(e.target.value)}
          />
        </div>
        <div className="contact-form__actions">
          <button
            ref={send}
            type="submit"
            className="contact-form__send"
            disabled={busy}
            data-state={status}
          >
            {status === 'sending' && (
              <>
                <Spinner className="contact-form__spinner" />
                <span>Sending</span>
              </>
            )}
            {status === 'idle' && <span>Send</span>}
            {status === 'sent' && (
              <>
                <span>Sent</span>
                <svg
                  className="contact-form__check"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M5 12.5l4.5 4.5L19 7.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </>
            )}
          </button>
          <p className="visually-hidden" role="status">
            {status === 'sent' ? 'Your message has been sent.' : ''}
          </p>
        </div>
      </fieldset>
    </form>
  );
}
