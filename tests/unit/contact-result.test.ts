import { describe, expect, it } from 'vitest';
import { resultFromData, resultFromError } from '../../src/contact/answer';
import { DEFAULT_ERROR } from '../../src/contact/callResult';
import { CONTACT_REFUSALS } from '../../src/contract/contact';

describe('the result of a successful call (docs/requirements.md, Sending)', () => {
  it('passes a success through', () => {
    expect(resultFromData({ success: true, message: 'Thanks' })).toEqual({
      success: true,
      message: 'Thanks',
    });
  });

  it('shows the returned message when the result is not successful', () => {
    expect(resultFromData({ success: false, message: 'Mailbox full.' })).toEqual({
      success: false,
      message: 'Mailbox full.',
    });
  });

  it('falls back to the default text when an unsuccessful result has no message', () => {
    for (const data of [
      { success: false },
      { success: false, message: '' },
      { success: false, message: 3 },
      null,
      'ok',
      {},
    ]) {
      expect(resultFromData(data), JSON.stringify(data)).toEqual({
        success: false,
        message: DEFAULT_ERROR,
      });
    }
  });
});

describe('the banner for a failed call', () => {
  const err = (message: unknown, code = 'functions/internal') =>
    Object.assign(new Error(), { code, message });

  it('strips the status the SDK appends', () => {
    expect(resultFromError(err('Please enter your full name. [400]')).message).toBe(
      'Please enter your full name.',
    );
    expect(resultFromError(err('Version [2] of the form')).message).toBe('Version [2] of the form');
  });

  it("shows the text of the refusal's reason, whatever the message says", () => {
    const refused = (reason: unknown, message = 'Something else. [429]') =>
      Object.assign(err(message, 'functions/resource-exhausted'), { details: { reason } });
    expect(resultFromError(refused('too-many')).message).toBe(CONTACT_REFUSALS['too-many']);
    expect(resultFromError(refused('challenge-reused', '')).message).toBe(
      CONTACT_REFUSALS['challenge-reused'],
    );
    // `invalid` has no text of its own: the server's message says what is wrong.
    expect(resultFromError(refused('invalid', 'Please enter a valid email. [400]')).message).toBe(
      'Please enter a valid email.',
    );
    // A reason the page does not know, or one inherited from a prototype, is no reason.
    expect(resultFromError(refused('toString')).message).toBe('Something else.');
    const inherited = Object.assign(err('Plain. [400]'), {
      details: Object.create({ reason: 'too-many' }) as object,
    });
    expect(resultFromError(inherited).message).toBe('Plain.');
  });

  it('shows the default text for "internal" in any letter case, with or without the status', () => {
    for (const message of [
      'internal',
      'INTERNAL',
      'Internal [500]',
      'internal [0]',
      'INTERNAL [500]',
    ]) {
      expect(resultFromError(err(message)), message).toEqual({
        success: false,
        message: DEFAULT_ERROR,
      });
    }
  });

  it('shows the default text when the error has no message', () => {
    for (const e of [
      err(''),
      err(' [503]'),
      err(undefined),
      new Error(),
      undefined,
      null,
      'boom',
      {},
    ]) {
      expect(resultFromError(e).message).toBe(DEFAULT_ERROR);
    }
  });

  it("shows the error's own message otherwise, without the status", () => {
    expect(
      resultFromError(
        err(
          'You have sent several messages in a short time. [429]',
          'functions/resource-exhausted',
        ),
      ),
    ).toEqual({
      success: false,
      message: 'You have sent several messages in a short time.',
    });
    expect(resultFromError(err('unauthenticated [401]', 'functions/unauthenticated')).message).toBe(
      'unauthenticated',
    );
    expect(resultFromError(err('Response is not valid JSON object.')).message).toBe(
      'Response is not valid JSON object.',
    );
    expect(resultFromError(err('deadline-exceeded', 'functions/deadline-exceeded')).message).toBe(
      'deadline-exceeded',
    );
  });
});
