// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { DRAFT_KEY } from '../shared/stored';
import { Harness, type Probe } from './contact-form-harness';

const TEXT = {
  name: 'Anna Karenina',
  email: 'anna@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
};
const KEY = '2f1c8a52-5d3e-4c1b-9a7e-0d6f3b2e8c41';

const stored = () => JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as unknown;
let probe: Probe;
const onRender = (p: Probe) => (probe = p);

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the contact form’s draft', () => {
  it('comes back at hydration, with the key of its last attempt', () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...TEXT, idempotencyKey: KEY }));
    render(<Harness onRender={onRender} />);
    expect(probe.state.fields).toEqual({ ...TEXT, idempotencyKey: KEY });
    expect((document.getElementById('name') as HTMLInputElement).value).toBe(TEXT.name);
  });

  it('follows the text as it is typed, after the key; changed text drops the key', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...TEXT, idempotencyKey: KEY }));
    render(<Harness onRender={onRender} />);
    fireEvent.change(document.getElementById('message')!, { target: { value: 'Changed.' } });
    // Not in the key's own task: storage still holds the draft from before it.
    expect(stored()).toEqual({ ...TEXT, idempotencyKey: KEY });
    await vi.waitFor(() =>
      expect(stored()).toEqual({ ...TEXT, message: 'Changed.', idempotencyKey: '' }),
    );
  });

  it('stores the last key’s text at once when the page is hidden or left', () => {
    render(<Harness onRender={onRender} />);
    fireEvent.change(document.getElementById('name')!, { target: { value: 'Leaving' } });
    expect(stored()).toBeNull();
    fireEvent(window, new Event('pagehide'));
    expect(stored()).toMatchObject({ name: 'Leaving' });
  });

  it('stores the last key’s text when the form unmounts, for a route change', () => {
    render(<Harness onRender={onRender} />);
    fireEvent.change(document.getElementById('name')!, { target: { value: 'Moving on' } });
    cleanup();
    expect(stored()).toMatchObject({ name: 'Moving on' });
  });

  it('keeps the key of a message on its way, and goes once it is sent', () => {
    render(<Harness onRender={onRender} />);
    for (const [id, value] of Object.entries(TEXT))
      fireEvent.change(document.getElementById(id)!, { target: { value } });
    act(() => probe.dispatch({ type: 'submit', key: KEY }));
    expect(stored()).toEqual({ ...TEXT, idempotencyKey: KEY });
    act(() => probe.dispatch({ type: 'sent', key: KEY }));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('is not stored for an empty form', async () => {
    render(<Harness onRender={onRender} />);
    fireEvent.change(document.getElementById('name')!, { target: { value: 'A' } });
    await vi.waitFor(() => expect(stored()).toMatchObject({ name: 'A' }));
    fireEvent.change(document.getElementById('name')!, { target: { value: '' } });
    await vi.waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
  });

  it('gives way to text typed before the app ran, which is a new message', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...TEXT, idempotencyKey: KEY }));
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Harness onRender={() => {}} />);
    (container.querySelector('#name') as HTMLInputElement).value = 'Early Typist';
    (container.querySelector('#website') as HTMLInputElement).value = 'bot.example';
    const root = await act(async () => hydrateRoot(container, <Harness onRender={onRender} />));
    expect(probe.state.fields).toEqual({ ...TEXT, name: 'Early Typist', idempotencyKey: '' });
    expect(probe.state.website).toBe('bot.example');
    await vi.waitFor(() =>
      expect(stored()).toEqual({ ...TEXT, name: 'Early Typist', idempotencyKey: '' }),
    );
    act(() => root.unmount());
    container.remove();
  });
});
