/**
 * The firebase web config and where the contact call goes, from Vite env (see .env.example).
 *
 * The rule for the backend: a `demo-` project has no deployed functions, so it always talks to
 * the local backend, at VITE_FUNCTIONS_EMULATOR or 127.0.0.1:5001. A real project talks to its
 * deployed function, unless VITE_FUNCTIONS_EMULATOR names a local backend.
 */
export const DEFAULT_PROJECT_ID = 'demo-bluestem';
export const DEFAULT_EMULATOR = '127.0.0.1:5001';
export const FUNCTIONS_REGION = 'us-central1';
export const CALL_TIMEOUT_MS = 70_000;

export interface ContactClientConfig {
  firebase: {
    apiKey: string;
    projectId: string;
    appId: string;
    authDomain?: string;
    messagingSenderId?: string;
  };
  /** host and port of the local backend, or null for the deployed function. */
  emulator: { host: string; port: number } | null;
  /** reCAPTCHA Enterprise site key for App Check; App Check is off without it. */
  appCheckSiteKey: string | null;
}

type Env = Record<string, string | boolean | undefined>;

function text(env: Env, key: string): string {
  const v = env[key];
  return typeof v === 'string' ? v.trim() : '';
}

export function parseHostPort(value: string): { host: string; port: number } {
  const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(value);
  const port = m ? Number(m[2]) : NaN;
  if (!m || !(port > 0 && port < 65536))
    throw new Error(`VITE_FUNCTIONS_EMULATOR must be host:port, got "${value}"`);
  return { host: m[1] as string, port };
}

export function contactClientConfig(env: Env): ContactClientConfig {
  const projectId = text(env, 'VITE_FIREBASE_PROJECT_ID') || DEFAULT_PROJECT_ID;
  const emulatorSetting = text(env, 'VITE_FUNCTIONS_EMULATOR');
  const emulator = emulatorSetting
    ? parseHostPort(emulatorSetting)
    : projectId.startsWith('demo-')
      ? parseHostPort(DEFAULT_EMULATOR)
      : null;
  const optional = (key: string) => text(env, key) || undefined;
  return {
    firebase: {
      // A demo project needs no real key; the SDK only wants a non-empty string.
      apiKey: text(env, 'VITE_FIREBASE_API_KEY') || 'demo-api-key',
      projectId,
      appId: text(env, 'VITE_FIREBASE_APP_ID') || '1:000000000000:web:0000000000000000000000',
      authDomain: optional('VITE_FIREBASE_AUTH_DOMAIN'),
      messagingSenderId: optional('VITE_FIREBASE_MESSAGING_SENDER_ID'),
    },
    emulator,
    appCheckSiteKey: text(env, 'VITE_APP_CHECK_SITE_KEY') || null,
  };
}
