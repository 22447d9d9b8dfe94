import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ERROR,
  resultFromData,
  resultFromError,
  stripStatusSuffix,
} from '../../src/contact/callResult';

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
    expect(stripStatusSuffix('Please enter your full name. [400]')).toBe(
      'Please enter your full name.',
    );
    expect(stripStatusSuffix('internal [0]')).toBe('internal');
    expect(stripStatusSuffix('Version [2] of the form')).toBe('Version [2] of the form');
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
