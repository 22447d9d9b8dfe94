import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR, QUEUED_NOTE } from '../../src/contact/callResult';
import { EMPTY_DRAFT } from '../../src/contact/draft';
import {
  formReducer,
  INITIAL_STATE,
  type FormEvent,
  type FormState,
} from '../../src/contact/formState';
import { MESSAGES } from '../../functions/test/contactMessages';

const TEXT = {
  name: 'Anna Karenina',
  email: 'anna@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
};
const KEY = '2f1c8a52-5d3e-4c1b-9a7e-0d6f3b2e8c41';
const OTHER_KEY = '7b0e4d19-3a6c-4f2e-8d15-c9a2e6f1b3d7';
const QUEUED_TEXT = `${DEFAULT_ERROR} ${QUEUED_NOTE}`;
/** The banner with nothing to say. */
const NO_BANNER = { text: '', polite: false };

/** The state after each event in turn, from a hydrated ordinary form. */
function after(...events: FormEvent[]): FormState {
  const start = formReducer(INITIAL_STATE, { type: 'hydrated', fields: EMPTY_DRAFT, website: '' });
  return events.reduce(formReducer, start);
}

const typed: FormEvent[] = [
  { type: 'edited', field: 'name', value: TEXT.name },
  { type: 'edited', field: 'email', value: TEXT.email },
  { type: 'edited', field: 'message', value: TEXT.message },
];
const submitted: FormEvent[] = [...typed, { type: 'submit', key: KEY }];
const queued: FormEvent[] = [...submitted, { type: 'queued', key: KEY }];
const onKiosk: FormEvent = { type: 'kiosk' };

describe('the contact form’s states', () => {
  it('starts idle, empty, with no banner, and takes over the text the page starts with', () => {
    expect(INITIAL_STATE).toMatchObject({ status: 'idle', banner: NO_BANNER, hydrated: false });
    const state = formReducer(INITIAL_STATE, {
      type: 'hydrated',
      fields: { ...TEXT, idempotencyKey: KEY },
      website: 'bot.example',
    });
    expect(state).toMatchObject({
      status: 'idle',
      fields: { ...TEXT, idempotencyKey: KEY },
      website: 'bot.example',
      hydrated: true,
    });
  });

  it('takes typed text into the fields and drops the key of the last attempt', () => {
    const state = after(
      ...submitted,
      { type: 'failed', key: KEY, message: 'unavailable' },
      {
        type: 'edited',
        field: 'message',
        value: `${TEXT.message}!`,
      },
    );
    expect(state.fields).toEqual({ ...TEXT, message: `${TEXT.message}!`, idempotencyKey: '' });
  });

  it('a validation failure leaves the form idle with the joined messages in the banner and sends nothing', () => {
    const state = after(
      { type: 'edited', field: 'name', value: 'Anna' },
      { type: 'edited', field: 'email', value: 'anna@example' },
      { type: 'edited', field: 'message', value: 'Too short.' },
      { type: 'submit', key: KEY },
    );
    expect(state.status).toBe('idle');
    expect(state.banner).toEqual({
      text: `${MESSAGES.name} ${MESSAGES.email} ${MESSAGES.messageShort}`,
      polite: false,
    });
    expect(state.invalid).toEqual(['name', 'email', 'message']);
    expect(state.attempt).toBeNull();
    expect(state.fields.idempotencyKey).toBe('');
  });

  it('a valid Send goes to sending with a new key, clears the banner and holds the message on its way', () => {
    const state = after({ type: 'submit', key: OTHER_KEY }, ...typed, { type: 'submit', key: KEY });
    expect(state.status).toBe('sending');
    expect(state.banner).toEqual(NO_BANNER);
    expect(state.invalid).toEqual([]);
    expect(state.fields.idempotencyKey).toBe(KEY);
    expect(state.attempt).toEqual({ ...TEXT, idempotencyKey: KEY, website: '' });
  });

  it('sends the honeypot’s value with the message', () => {
    const state = after({ type: 'baited', value: 'https://spam.example' }, ...submitted);
    expect(state.attempt?.website).toBe('https://spam.example');
  });

  it('ignores a second Send while one is on its way, and edits while busy', () => {
    const sending = after(...submitted);
    expect(formReducer(sending, { type: 'submit', key: OTHER_KEY })).toBe(sending);
    expect(formReducer(sending, { type: 'edited', field: 'name', value: 'X' })).toBe(sending);
  });

  it('a sent message shows Sent with no banner, and nothing reopens the form', () => {
    const state = after(...submitted, { type: 'sent', key: KEY });
    expect(state).toMatchObject({ status: 'sent', banner: NO_BANNER, attempt: null });
    expect(formReducer(state, { type: 'submit', key: OTHER_KEY })).toBe(state);
    expect(formReducer(state, { type: 'thankYouOver' })).toBe(state);
  });

  it('a failed call leaves the form idle with its message in the banner, the text and its key kept', () => {
    const state = after(...submitted, { type: 'failed', key: KEY, message: 'unavailable' });
    expect(state).toMatchObject({
      status: 'idle',
      banner: { text: 'unavailable', polite: false },
      fields: { ...TEXT, idempotencyKey: KEY },
      attempt: null,
    });
    // Sent again unchanged, it keeps its key, so the server answers it once.
    expect(formReducer(state, { type: 'submit', key: OTHER_KEY }).fields.idempotencyKey).toBe(KEY);
  });

  it('a message the network could not carry waits, with the default error’s text and a polite note', () => {
    const state = after(...queued);
    expect(state).toMatchObject({
      status: 'queued',
      banner: { text: QUEUED_TEXT, polite: true },
      fields: { ...TEXT, idempotencyKey: KEY },
      attempt: null,
    });
  });

  it('a waiting message turns to Sent when the outbox delivers it', () => {
    const state = after(...queued, { type: 'sent', key: KEY });
    expect(state).toMatchObject({ status: 'sent', banner: NO_BANNER });
  });

  it('a waiting message the server refuses for good opens the form again with its reason and a new key to come', () => {
    const state = after(...queued, { type: 'refused', key: KEY, message: 'Already sent.' });
    expect(state).toMatchObject({
      status: 'idle',
      banner: { text: 'Already sent.', polite: false },
      fields: { ...TEXT, idempotencyKey: '' },
    });
  });

  it('a message found in the outbox after a reload is waiting again', () => {
    const state = after(
      { type: 'hydrated', fields: { ...TEXT, idempotencyKey: KEY }, website: '' },
      { type: 'waiting', key: KEY },
    );
    expect(state).toMatchObject({ status: 'queued', banner: { text: QUEUED_TEXT, polite: true } });
  });

  it('a message that went since the reload shows Sent', () => {
    const state = after(
      { type: 'hydrated', fields: { ...TEXT, idempotencyKey: KEY }, website: '' },
      { type: 'sent', key: KEY },
    );
    expect(state.status).toBe('sent');
  });

  it('ignores news of another message: results and deliveries for other keys change nothing', () => {
    const sending = after(...submitted);
    for (const event of [
      { type: 'sent', key: OTHER_KEY },
      { type: 'queued', key: OTHER_KEY },
      { type: 'failed', key: OTHER_KEY, message: 'x' },
    ] as const)
      expect(formReducer(sending, event)).toBe(sending);
    const waiting = after(...queued);
    expect(formReducer(waiting, { type: 'refused', key: OTHER_KEY, message: 'x' })).toBe(waiting);
    // Edited text has no key yet: nothing in the outbox is its message.
    const edited = after(...typed);
    expect(formReducer(edited, { type: 'waiting', key: '' })).toBe(edited);
    expect(formReducer(edited, { type: 'sent', key: '' })).toBe(edited);
  });

  it('ignores a refusal for a message that is not waiting', () => {
    const failed = after(...submitted, { type: 'failed', key: KEY, message: 'unavailable' });
    expect(formReducer(failed, { type: 'refused', key: KEY, message: 'x' })).toBe(failed);
  });
});

describe('the contact form on a kiosk', () => {
  it('forgets its visitor: fields, honeypot, banner, marks and key', () => {
    const state = after(
      onKiosk,
      { type: 'baited', value: 'x' },
      { type: 'edited', field: 'name', value: 'Anna' },
      { type: 'submit', key: KEY },
      { type: 'forget' },
    );
    expect(state).toEqual({ ...INITIAL_STATE, kiosk: true, hydrated: true });
  });

  it('changes nothing when a call ends after its visitor was forgotten', () => {
    const forgotten = after(onKiosk, ...submitted, { type: 'forget' });
    for (const event of [
      { type: 'sent', key: KEY },
      { type: 'queued', key: KEY },
      { type: 'failed', key: KEY, message: 'x' },
    ] as const)
      expect(formReducer(forgotten, event)).toBe(forgotten);
  });

  it('frees the form for the next visitor as soon as a message is queued, with the polite note', () => {
    const state = after(onKiosk, ...queued);
    expect(state).toMatchObject({
      status: 'idle',
      fields: EMPTY_DRAFT,
      banner: { text: QUEUED_TEXT, polite: true },
    });
  });

  it('takes the queued note away when the thank-you time is over, and keeps the next visitor’s text', () => {
    const state = after(
      onKiosk,
      ...queued,
      { type: 'edited', field: 'name', value: 'Next Visitor' },
      { type: 'thankYouOver' },
    );
    expect(state.banner).toEqual(NO_BANNER);
    expect(state.fields.name).toBe('Next Visitor');
  });

  it('reopens a Sent form, empty, when the thank-you time is over', () => {
    const state = after(
      onKiosk,
      ...submitted,
      { type: 'sent', key: KEY },
      { type: 'thankYouOver' },
    );
    expect(state).toEqual({ ...INITIAL_STATE, kiosk: true, hydrated: true });
  });

  it('keeps an error banner through the thank-you time: only the note goes', () => {
    const state = after(onKiosk, { type: 'submit', key: KEY });
    expect(formReducer(state, { type: 'thankYouOver' })).toBe(state);
  });
});
