// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { EMPTY_DRAFT } from '../../src/contact/draft';
import { DRAFT_KEY } from '../shared/stored';
import { DEFAULT_ERROR, QUEUED_NOTE } from '../../src/contact/callResult';
import { forgetVisitor, THANK_YOU_MS } from '../../src/contact/kiosk';
import { Harness, type Probe } from './contact-form-harness';

/** The banner with nothing to say, and the one that says the message waits in the outbox. */
const NO_BANNER = { text: '', polite: false };
const QUEUED_BANNER = { text: `${DEFAULT_ERROR} ${QUEUED_NOTE}`, polite: true };

const TEXT = {
  name: 'Anna Karenina',
  email: 'anna@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
};
const KEY = '2f1c8a52-5d3e-4c1b-9a7e-0d6f3b2e8c41';

let probe: Probe;
const onRender = (p: Probe) => (probe = p);

function typeText() {
  for (const [id, value] of Object.entries(TEXT))
    fireEvent.change(document.getElementById(id)!, { target: { value } });
}

beforeAll(() => {
  // An ordinary visit left a draft on the device; then the page became a kiosk.
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...TEXT, idempotencyKey: KEY }));
  window.history.replaceState(null, '', '/?event');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the contact form on a kiosk', () => {
  it('removes a draft left on the device, and keeps its own in memory only', () => {
    render(<Harness onRender={onRender} />);
    expect(probe.state.kiosk).toBe(true);
    expect(probe.state.fields).toEqual(EMPTY_DRAFT);
    typeText();
    expect(probe.state.fields).toMatchObject(TEXT);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('brings its visitor’s text back after a route change, from memory', () => {
    render(<Harness onRender={onRender} />);
    typeText();
    cleanup();
    render(<Harness onRender={onRender} />);
    expect(probe.state.fields).toMatchObject(TEXT);
  });

  it('forgets the visitor at the idle reset: fields, banner and the draft in memory', () => {
    render(<Harness onRender={onRender} />);
    typeText();
    act(() => forgetVisitor());
    expect(probe.state.fields).toEqual(EMPTY_DRAFT);
    expect(probe.state.banner).toEqual(NO_BANNER);
    cleanup();
    render(<Harness onRender={onRender} />);
    expect(probe.state.fields).toEqual(EMPTY_DRAFT);
  });

  it('reopens a Sent form, empty, after the thank-you time and not before', () => {
    vi.useFakeTimers();
    render(<Harness onRender={onRender} />);
    typeText();
    act(() => probe.dispatch({ type: 'submit', key: KEY }));
    act(() => probe.dispatch({ type: 'sent', key: KEY }));
    act(() => vi.advanceTimersByTime(THANK_YOU_MS - 1));
    expect(probe.state.status).toBe('sent');
    act(() => vi.advanceTimersByTime(1));
    expect(probe.state.status).toBe('idle');
    expect(probe.state.fields).toEqual(EMPTY_DRAFT);
  });

  it('is ready for the next visitor once a message is queued; the note goes after the thank-you time', () => {
    vi.useFakeTimers();
    render(<Harness onRender={onRender} />);
    typeText();
    act(() => probe.dispatch({ type: 'submit', key: KEY }));
    act(() => probe.dispatch({ type: 'queued', key: KEY }));
    expect(probe.state.fields).toEqual(EMPTY_DRAFT);
    expect(probe.state.banner).toEqual(QUEUED_BANNER);
    act(() => vi.advanceTimersByTime(THANK_YOU_MS - 1));
    expect(probe.state.banner).toEqual(QUEUED_BANNER);
    act(() => vi.advanceTimersByTime(1));
    expect(probe.state.banner).toEqual(NO_BANNER);
  });

  it('does not bring a queued visitor’s text back after a route change', () => {
    render(<Harness onRender={onRender} />);
    typeText();
    act(() => probe.dispatch({ type: 'submit', key: KEY }));
    act(() => probe.dispatch({ type: 'queued', key: KEY }));
    cleanup();
    render(<Harness onRender={onRender} />);
    expect(probe.state.fields).toEqual(EMPTY_DRAFT);
  });
});
