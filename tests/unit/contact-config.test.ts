// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { contactClientConfig } from '../../src/contact/config';
import { LOCAL_CALLABLE_ROUTE } from '../../src/contract/callable';
import { clearDraft, draftText, parseDraft, saveDraft } from '../../src/contact/draft';
import { DRAFT_KEY } from '../shared/stored';

describe('where the contact call goes', () => {
  it('calls the server the page came from for the default demo- project, whatever its port', () => {
    const c = contactClientConfig({}, { hostname: 'localhost', port: '4394', protocol: 'http:' });
    expect(c.firebase.projectId).toBe('demo-bluestem');
    expect(c.emulator).toEqual({ host: 'localhost', port: 4394 });
    expect(c.appCheckSiteKey).toBeNull();
    expect(
      contactClientConfig({}, { hostname: '[::1]', port: '', protocol: 'http:' }).emulator,
    ).toEqual({ host: '::1', port: 80 });
    // jsdom's page: http://localhost:3000/
    expect(contactClientConfig({}).emulator).toEqual({ host: 'localhost', port: 3000 });
  });

  it('names the paths the local servers forward to the backend, and no other', () => {
    const route = new RegExp(LOCAL_CALLABLE_ROUTE);
    expect(route.test('/demo-bluestem/us-central1/sendContactEmail')).toBe(true);
    expect(route.test('/demo-x/us-central1/sendContactEmail?x=1')).toBe(true);
    expect(route.test('/demo-bluestem/us-central1/contactChallenge')).toBe(true);
    for (const path of [
      '/',
      '/terms',
      '/assets/us-central1/sendContactEmail.js',
      '/a/b/us-central1/sendContactEmail',
      '/demo-bluestem/europe-west1/sendContactEmail',
      '/demo-bluestem/us-central1/sendContactEmailX',
      '/demo-bluestem/us-central1/contactChallengeX',
      '/assets/us-central1/contactChallenge.js',
    ])
      expect(route.test(path), path).toBe(false);
  });

  it('uses VITE_FUNCTIONS_EMULATOR when set', () => {
    expect(contactClientConfig({ VITE_FUNCTIONS_EMULATOR: '127.0.0.1:5101' }).emulator).toEqual({
      host: '127.0.0.1',
      port: 5101,
    });
    expect(
      contactClientConfig({
        VITE_FIREBASE_PROJECT_ID: 'bluestem-prod',
        VITE_FUNCTIONS_EMULATOR: 'localhost:6000',
      }).emulator,
    ).toEqual({
      host: 'localhost',
      port: 6000,
    });
  });

  it('uses the deployed function for a real project when VITE_FUNCTIONS_EMULATOR is empty or unset', () => {
    for (const env of [
      { VITE_FIREBASE_PROJECT_ID: 'bluestem-prod' },
      { VITE_FIREBASE_PROJECT_ID: 'bluestem-prod', VITE_FUNCTIONS_EMULATOR: '' },
    ]) {
      expect(contactClientConfig(env).emulator).toBeNull();
      expect(contactClientConfig(env, undefined).emulator).toBeNull();
    }
  });

  it('refuses a setting that is not host:port', () => {
    const emulator = (setting: string) =>
      contactClientConfig({ VITE_FUNCTIONS_EMULATOR: setting }).emulator;
    expect(() => emulator('127.0.0.1')).toThrow(/host:port/);
    expect(() => emulator('127.0.0.1:99999')).toThrow(/host:port/);
    expect(emulator('[::1]:5001')).toEqual({ host: '::1', port: 5001 });
  });
});

describe('the draft on the visitor device', () => {
  afterEach(() => localStorage.clear());

  it('keeps what was typed, with the idempotency key, and forgets it once sent', () => {
    const draft = { name: 'Ada', email: 'ada@', message: 'Hello', idempotencyKey: 'k'.repeat(20) };
    saveDraft(draft);
    expect(parseDraft(draftText())).toEqual(draft);
    clearDraft();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('removes the draft when every field is empty, and survives a broken stored value', () => {
    saveDraft({ name: '', email: '', message: '', idempotencyKey: 'x' });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    localStorage.setItem(DRAFT_KEY, '{broken');
    expect(parseDraft(draftText())).toEqual({
      name: '',
      email: '',
      message: '',
      idempotencyKey: '',
    });
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ name: 3, message: 'hi' }));
    expect(parseDraft(draftText())).toEqual({
      name: '',
      email: '',
      message: 'hi',
      idempotencyKey: '',
    });
  });
});
