/**
 * The contact form as states and events, with no React and no I/O.
 *
 *   idle    ──submit───▶ sending   (fields that fail a check stay idle, the messages in the banner)
 *   sending ──sent─────▶ sent
 *   sending ──failed───▶ idle      (the reason in the banner, the text kept)
 *   sending ──queued───▶ queued    (no answer: the message waits in the outbox)
 *   queued  ──sent─────▶ sent      (the outbox delivered it)
 *   queued  ──refused──▶ idle      (the server refused it for good)
 *   idle    ──waiting──▶ queued    (after a reload, the draft's message is still in the outbox)
 *   idle    ──sent─────▶ sent      (after a reload, the draft's message went meanwhile)
 *
 * On a kiosk, `forget` and the end of the thank-you time empty the form for the next visitor,
 * and a queued message frees it at once.
 */
import type { ContactPayload } from '../contract/contact';
import { DEFAULT_ERROR, QUEUED_NOTE } from './callResult';
import { EMPTY_DRAFT, type Draft } from './draft';
import { contactProblems, problemsBanner, type ContactField } from '../contract/rules';

/** What Send shows, and its `data-state`. */
export type Status = 'idle' | 'sending' | 'queued' | 'sent';

/** The text above the form. A polite one is a note read when the screen reader is idle. */
export interface Banner {
  text: string;
  polite: boolean;
}

export interface FormState {
  status: Status;
  /** The visitor's text, with the idempotency key of its last attempt. */
  fields: Draft;
  /** The honeypot's value. */
  website: string;
  banner: Banner;
  /** The fields the last failed check named. */
  invalid: readonly ContactField[];
  /** The message on its way, while sending. */
  attempt: ContactPayload | null;
  kiosk: boolean;
  /** The draft and the text in the page are read (the draft is saved only from then on). */
  hydrated: boolean;
}

export type FormEvent =
  | { type: 'hydrated'; fields: Draft; website: string }
  | { type: 'kiosk' }
  | { type: 'edited'; field: ContactField; value: string }
  | { type: 'baited'; value: string }
  /** Send pressed. `key` is a new idempotency key, used when the text has none yet. */
  | { type: 'submit'; key: string }
  | { type: 'sent'; key: string }
  | { type: 'queued'; key: string }
  | { type: 'failed'; key: string; message: string }
  /** The message is found waiting in the outbox (after a reload). */
  | { type: 'waiting'; key: string }
  /** The outbox gave up on the message: the server refused it for good. */
  | { type: 'refused'; key: string; message: string }
  /** The kiosk forgets its visitor. */
  | { type: 'forget' }
  | { type: 'thankYouOver' };

const NO_BANNER: Banner = { text: '', polite: false };
const QUEUED_BANNER: Banner = { text: `${DEFAULT_ERROR} ${QUEUED_NOTE}`, polite: true };

export const INITIAL_STATE: FormState = {
  status: 'idle',
  fields: EMPTY_DRAFT,
  website: '',
  banner: NO_BANNER,
  invalid: [],
  attempt: null,
  kiosk: false,
  hydrated: false,
};

/** The form as the next visitor finds it: empty, with nothing in the banner. */
function forgotten(state: FormState): FormState {
  return { ...INITIAL_STATE, kiosk: state.kiosk, hydrated: state.hydrated };
}

/** Whether `key` names the message the form holds (results for a forgotten visitor do not). */
const holds = (state: FormState, key: string) => key !== '' && state.fields.idempotencyKey === key;

function submit(state: FormState, key: string): FormState {
  if (state.status !== 'idle') return state;
  const problems = contactProblems(state.fields);
  if (problems.length > 0) {
    return {
      ...state,
      invalid: problems.map((p) => p.field),
      banner: { text: problemsBanner(problems), polite: false },
    };
  }
  // The same text sent again keeps its key, so the server answers it once.
  const fields = { ...state.fields, idempotencyKey: state.fields.idempotencyKey || key };
  return {
    ...state,
    status: 'sending',
    fields,
    invalid: [],
    banner: NO_BANNER,
    attempt: { ...fields, website: state.website },
  };
}

export function formReducer(state: FormState, event: FormEvent): FormState {
  switch (event.type) {
    case 'hydrated':
      return { ...state, fields: event.fields, website: event.website, hydrated: true };
    case 'kiosk':
      return { ...state, kiosk: true };
    case 'edited':
      if (state.status !== 'idle') return state;
      // Changed text is a new message: it gets a new idempotency key when sent.
      return {
        ...state,
        fields: { ...state.fields, [event.field]: event.value, idempotencyKey: '' },
      };
    case 'baited':
      return { ...state, website: event.value };
    case 'submit':
      return submit(state, event.key);
    case 'sent':
      if (state.status === 'sent' || !holds(state, event.key)) return state;
      return { ...state, status: 'sent', banner: NO_BANNER, attempt: null };
    case 'queued':
      if (state.status !== 'sending' || !holds(state, event.key)) return state;
      if (state.kiosk) return { ...forgotten(state), banner: QUEUED_BANNER };
      return { ...state, status: 'queued', banner: QUEUED_BANNER, attempt: null };
    case 'failed':
      if (state.status !== 'sending' || !holds(state, event.key)) return state;
      return {
        ...state,
        status: 'idle',
        banner: { text: event.message, polite: false },
        attempt: null,
      };
    case 'waiting':
      if (state.status !== 'idle' || !holds(state, event.key)) return state;
      return { ...state, status: 'queued', banner: QUEUED_BANNER };
    case 'refused':
      if (state.status !== 'queued' || !holds(state, event.key)) return state;
      // Sent again, it is a new message with a new key: the old key may be taken.
      return {
        ...state,
        status: 'idle',
        fields: { ...state.fields, idempotencyKey: '' },
        banner: { text: event.message, polite: false },
      };
    case 'forget':
      return forgotten(state);
    case 'thankYouOver':
      if (!state.kiosk) return state;
      if (state.status === 'sent') return forgotten(state);
      return state.banner.polite ? { ...state, banner: NO_BANNER } : state;
  }
}
