import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { edgeLightRef } from '../dom-motion/edgeLight';
import { animated } from '@react-spring/web';
import { Spinner } from '../layout/Spinner';
import { DEFAULT_ERROR, QUEUED_NOTE } from './callResult';
import type { CallOutcome } from './client';
import { Field, type FieldControl } from './Field';
import { PopIn, useBannerFrame, useCounterMark, useSendWidth } from './formMotion';
import {
  clearDraft,
  draftText,
  EMPTY_DRAFT,
  keepDraftInMemory,
  newIdempotencyKey,
  parseDraft,
  saveDraft,
  type Draft,
} from './draft';
import { FORGET_VISITOR, isKiosk, THANK_YOU_MS } from './kiosk';
import type { Delivery } from './outbox';
import { outboxMayHold } from './outboxHint';
import {
  contactProblems,
  contentLength,
  MESSAGE_MAX,
  MESSAGE_MIN,
  problemsBanner,
  rawLength,
  type ContactField,
} from './rules';
import { LineIcon } from '../layout/LineIcon';

type Status = 'idle' | 'sending' | 'queued' | 'sent';

interface Banner {
  text: string;
  polite: boolean;
}
const NO_BANNER: Banner = { text: '', polite: false };

const QUEUED_BANNER: Banner = { text: `${DEFAULT_ERROR} ${QUEUED_NOTE}`, polite: true };

let clientModule: Promise<typeof import('./client')> | undefined;
function loadClient() {
  clientModule ??= import('./client').catch((error: unknown) => {
    clientModule = undefined; // a later Send tries again
    throw error;
  });
  return clientModule;
}

let outboxModule: Promise<typeof import('./outbox')> | undefined;
function loadOutbox() {
  outboxModule ??= import('./outbox').catch((error: unknown) => {
    outboxModule = undefined;
    throw error;
  });
  return outboxModule;
}

/** Both lazy modules, fetched together on the first focus: both are needed once Send is pressed. */
const preload = () => void Promise.all([loadClient(), loadOutbox()]).catch(() => {});

function counterState(message: string, count: number): string {
  if (rawLength(message) > MESSAGE_MAX) return 'contact-form__counter--over';
  return count >= MESSAGE_MIN ? 'contact-form__counter--ok' : '';
}

/** The contact form; its firebase client and outbox load on first focus, not in the first paint. */
export function ContactForm() {
  const [fields, setFields] = useState<Draft>(EMPTY_DRAFT);
  const [website, setWebsite] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [banner, setBanner] = useState<Banner>(NO_BANNER);
  const [kiosk, setKiosk] = useState(false);
  const [invalid, setInvalid] = useState<ReadonlySet<ContactField>>(new Set());
  const name = useRef<FieldControl>(null);
  const email = useRef<FieldControl>(null);
  const message = useRef<FieldControl>(null);
  const send = useRef<HTMLButtonElement>(null);
  const trap = useRef<HTMLInputElement>(null);
  const bannerSpace = useRef<HTMLDivElement>(null);
  const sendContent = useRef<HTMLSpanElement>(null);
  const inputs = { name, email, message };
  const inFlight = useRef(false);
  const hasSent = useRef(false);
  /** Counts kiosk visitors: a call that ends after its visitor was forgotten changes nothing on screen. */
  const visitor = useRef(0);

  // At hydration: the draft under any text already in the fields (typed before the app ran, or
  // restored by the browser, which on a kiosk is an earlier visitor's), so no render overwrites it.
  useLayoutEffect(() => {
    if (isKiosk()) {
      keepDraftInMemory();
      for (const field of Object.values(inputs)) if (field.current) field.current.value = '';
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the state takes over the DOM's text and the kiosk flag, once
      setKiosk(true);
    }
    const draft = parseDraft(draftText());
    const typed: Partial<Draft> = {};
    for (const field of Object.keys(inputs) as ContactField[]) {
      const value = inputs[field].current?.value ?? '';
      if (value !== '' && value !== draft[field]) typed[field] = value;
    }
    const next = Object.keys(typed).length ? { ...draft, ...typed, idempotencyKey: '' } : draft;
    if (next !== draft) saveDraft(next);
    setFields(next);
    const bait = trap.current?.value ?? '';
    if (bait !== '') setWebsite(bait);
    // A message sent before a reload may still wait in the outbox, or have gone since.
    if (next.idempotencyKey && outboxMayHold())
      void loadOutbox()
        .then((outbox) => outbox.statusOf(next.idempotencyKey))
        .then((where) => {
          if (where === 'queued') {
            setStatus('queued');
            setBanner(QUEUED_BANNER);
          } else if (where?.sent) {
            setStatus('sent');
          }
        })
        .catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration: refs only
  }, []);

  function forget() {
    visitor.current++;
    inFlight.current = false;
    hasSent.current = false;
    setFields(EMPTY_DRAFT);
    setWebsite('');
    setStatus('idle');
    setBanner(NO_BANNER);
    setInvalid(new Set());
  }

  useEffect(() => {
    if (!kiosk) return;
    window.addEventListener(FORGET_VISITOR, forget);
    return () => window.removeEventListener(FORGET_VISITOR, forget);
  }, [kiosk]);

  // A kiosk's Sent reopens, empty, after a thank-you time; its queued note goes then too.
  useEffect(() => {
    if (!kiosk) return;
    if (status === 'sent') {
      const timer = setTimeout(forget, THANK_YOU_MS);
      return () => clearTimeout(timer);
    }
    if (banner.polite) {
      const timer = setTimeout(() => setBanner(NO_BANNER), THANK_YOU_MS);
      return () => clearTimeout(timer);
    }
  }, [kiosk, status, banner]);

  // A queued message turns to Sent when the outbox delivers it (or back to idle, refused).
  const queuedKey = status === 'queued' ? fields.idempotencyKey : '';
  useEffect(() => {
    if (!queuedKey) return;
    let stop = () => {};
    let live = true;
    const settle = (delivery: Delivery) => {
      if (delivery.key !== queuedKey) return;
      if (delivery.sent) {
        clearDraft();
        setStatus('sent');
        setBanner(NO_BANNER);
      } else {
        setFields((f) => ({ ...f, idempotencyKey: '' }));
        setStatus('idle');
        setBanner({ text: delivery.message, polite: false });
      }
    };
    void loadOutbox().then(async (outbox) => {
      if (!live) return;
      stop = outbox.onDelivery(settle);
      const where = await outbox.statusOf(queuedKey);
      if (live && where && where !== 'queued') settle(where);
    });
    return () => {
      live = false;
      stop();
    };
  }, [queuedKey]);

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
      setBanner({ text: problemsBanner(problems), polite: false });
      inputs[problems[0]!.field].current?.focus();
      return;
    }
    setBanner(NO_BANNER);
    inFlight.current = true;
    setStatus('sending');
    const attempt = { ...fields, idempotencyKey: fields.idempotencyKey || newIdempotencyKey() };
    setFields(attempt);
    saveDraft(attempt);
    const payload = { ...attempt, website };
    const who = visitor.current;

    let outcome: CallOutcome;
    try {
      outcome = await (await loadClient()).callContact(payload);
    } catch (error) {
      // The client's chunk did not load: the network is down.
      outcome = {
        result: { success: false, message: DEFAULT_ERROR },
        failure: 'unreachable',
        error,
      };
    }
    if (outcome.failure !== null) console.error(outcome.error);
    // No answer: the message waits in the outbox, also when its visitor has been forgotten since.
    const queued =
      outcome.failure === 'unreachable' &&
      (await loadOutbox()
        .then((outbox) => outbox.enqueue(payload))
        .catch(() => false));
    if (who !== visitor.current) return;
    inFlight.current = false;
    if (outcome.failure === null) {
      clearDraft();
      setStatus('sent');
    } else if (queued && kiosk) {
      // The next visitor may start at once; the note tells this one their message is safe.
      forget();
      setBanner(QUEUED_BANNER);
    } else if (queued) {
      setStatus('queued');
      setBanner(QUEUED_BANNER);
    } else {
      setBanner({ text: outcome.result.message, polite: false });
      setStatus('idle');
    }
  }

  // Give the keyboard its place back once the button is enabled again after a failure.
  useEffect(() => {
    if (status === 'sending') hasSent.current = true;
    else if (status === 'idle' && hasSent.current && document.activeElement === document.body)
      send.current?.focus();
  }, [status]);

  const busy = status !== 'idle';
  const count = contentLength(fields.message);
  const counter = counterState(fields.message, count);
  const counterMark = useCounterMark(counter === 'contact-form__counter--ok');
  const bannerFrame = useBannerFrame(bannerSpace, banner.text !== '');
  const sendWidth = useSendWidth(send, sendContent, status);
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
      ref={edgeLightRef}
      className="contact-form"
      data-edge-light=""
      noValidate
      onSubmit={onSubmit}
      onFocus={preload}
      aria-labelledby="contact-title"
      autoComplete={kiosk ? 'off' : undefined}
    >
      <animated.div className="contact-form__banner-frame" style={bannerFrame}>
        <div ref={bannerSpace} className="contact-form__banner-space">
          <div
            id="contact-banner"
            className={[
              'contact-form__banner',
              !banner.text && 'contact-form__banner--empty',
              banner.polite && 'contact-form__banner--queued',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            {/* Two live regions, both always present: an error is read at once, a note when idle. */}
            <span className="contact-form__banner-text">
              <span role="alert">{banner.polite ? '' : banner.text}</span>
              <span role="status">{banner.polite ? banner.text : ''}</span>
            </span>
          </div>
        </div>
      </animated.div>
      <fieldset className="contact-form__fields" disabled={status === 'sent'}>
        <legend className="visually-hidden">Your message</legend>
        <div className="contact-form__row">
          <Field
            {...field('name')}
            label="Name"
            type="text"
            autoComplete={kiosk ? 'off' : 'name'}
          />
          <Field
            {...field('email')}
            label="Email"
            type="email"
            autoComplete={kiosk ? 'off' : 'email'}
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
            <animated.span
              id="contact-counter"
              className={`contact-form__counter ${counter}`}
              style={counterMark}
            >
              {count}/{MESSAGE_MIN}
            </animated.span>
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
          <animated.button
            ref={send}
            type="submit"
            className="contact-form__send"
            disabled={busy}
            data-state={status}
            style={sendWidth}
          >
            <span ref={sendContent} className="contact-form__send-content">
              {status === 'sending' && (
                <>
                  <PopIn>
                    <Spinner className="contact-form__spinner" />
                  </PopIn>
                  <span>Sending</span>
                </>
              )}
              {status === 'idle' && <span>Send</span>}
              {status === 'queued' && <span>Waiting to send</span>}
              {status === 'sent' && (
                <>
                  <span>Sent</span>
                  <PopIn>
                    <LineIcon
                      className="contact-form__check"
                      d="M5 12.5l4.5 4.5L19 7.5"
                      stroke={2.5}
                    />
                  </PopIn>
                </>
              )}
            </span>
          </animated.button>
          <p className="visually-hidden" role="status">
            {status === 'sent' ? 'Your message has been sent.' : ''}
          </p>
        </div>
      </fieldset>
    </form>
  );
}
