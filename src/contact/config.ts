import { LOCAL_PROJECT_ID } from '../contract/project';

export interface ContactClientConfig {
  firebase: {
    apiKey: string;
    projectId: string;
    appId: string;
    authDomain?: string;
    messagingSenderId?: string;
  };
  /** The local backend (or the server forwarding to it); null for the deployed function. */
  emulator: { host: string; port: number } | null;
  /** reCAPTCHA Enterprise site key for App Check; App Check is off without it. */
  appCheckSiteKey: string | null;
}

type Env = Record<string, string | boolean | undefined>;

function text(env: Env, key: string): string {
  const v = env[key];
  return typeof v === 'string' ? v.trim() : '';
}

function parseHostPort(value: string): { host: string; port: number } {
  const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(value);
  const port = m ? Number(m[2]) : NaN;
  if (!m || !(port > 0 && port < 65536))
    throw new Error(`VITE_FUNCTIONS_EMULATOR must be host:port, got "${value}"`);
  return { host: m[1] as string, port };
}

/** The parts of a page's location read here (functions code has no DOM types). */
export interface PageOrigin {
  hostname: string;
  port: string;
  protocol: string;
}

function originHostPort(page: PageOrigin): {
  host: string;
  port: number;
} {
  const port = Number(page.port) || (page.protocol === 'https:' ? 443 : 80);
  return { host: page.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

/** Firebase's config and where the call goes; `page` is where a `demo-` project's call goes. */
export function contactClientConfig(
  env: Env,
  page: PageOrigin | undefined = (globalThis as { location?: PageOrigin }).location,
): ContactClientConfig {
  const projectId = text(env, 'VITE_FIREBASE_PROJECT_ID') || LOCAL_PROJECT_ID;
  const emulatorSetting = text(env, 'VITE_FUNCTIONS_EMULATOR');
  let emulator: ContactClientConfig['emulator'] = null;
  if (emulatorSetting) emulator = parseHostPort(emulatorSetting);
  else if (projectId.startsWith('demo-')) {
    if (!page)
      throw new Error('A demo- project calls the server the page came from: no page here.');
    emulator = originHostPort(page);
  }
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
