/**
 * The deploy artifact: firebase.json's predeploy command builds functions/lib/index.js, as
 * `firebase deploy` runs it, and the built file loads and exports the functions the site calls,
 * in the region the site calls.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_CALLABLE,
  CONTACT_CALLABLE,
  CONTACT_TIMEOUT_SECONDS,
  FUNCTIONS_REGION,
} from '../../src/contract/callable';
import { INBOX_CALLABLE } from '../../src/contract/inbox';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = fileURLToPath(new URL('../', import.meta.url));

interface FunctionsConfig {
  source: string;
  predeploy: string[];
}

/** What firebase-functions records on each function for the deploy to read. */
interface Endpoint {
  region: string[];
  timeoutSeconds: number | null;
  callableTrigger?: object;
  scheduleTrigger?: object;
}

describe('the functions deploy bundle', () => {
  it('builds with the predeploy command and exports the callables and the retry', async () => {
    const firebase = JSON.parse(await readFile(`${ROOT}firebase.json`, 'utf8')) as {
      functions: FunctionsConfig[];
    };
    const [config] = firebase.functions;
    expect(config?.source).toBe('functions');
    // firebase deploy runs each predeploy command in a shell, from the project's folder.
    for (const command of config?.predeploy ?? [])
      await promisify(execFile)('sh', ['-c', command], {
        cwd: ROOT,
        env: { ...process.env, RESOURCE_DIR: SOURCE },
      });

    const main = JSON.parse(await readFile(`${SOURCE}package.json`, 'utf8')) as { main: string };
    const built = (await import(
      `${pathToFileURL(`${SOURCE}${main.main}`).href}?at=${Date.now()}`
    )) as Record<string, unknown>;
    const endpoint = (name: string) => {
      const fn = built[name];
      expect(fn, name).toBeTypeOf('function');
      return (fn as { __endpoint: Endpoint }).__endpoint;
    };

    const callable = endpoint(CONTACT_CALLABLE);
    expect(callable.callableTrigger).toBeDefined();
    expect(callable.region).toEqual([FUNCTIONS_REGION]);
    expect(callable.timeoutSeconds).toBe(CONTACT_TIMEOUT_SECONDS);
    const challenge = endpoint(CHALLENGE_CALLABLE);
    expect(challenge.callableTrigger).toBeDefined();
    expect(challenge.region).toEqual([FUNCTIONS_REGION]);
    const inbox = endpoint(INBOX_CALLABLE);
    expect(inbox.callableTrigger).toBeDefined();
    expect(inbox.region).toEqual([FUNCTIONS_REGION]);
    const retry = endpoint('retryContactEmails');
    expect(retry.scheduleTrigger).toBeDefined();
    expect(retry.region).toEqual([FUNCTIONS_REGION]);
    expect(Object.keys(built).sort()).toEqual(
      [CONTACT_CALLABLE, CHALLENGE_CALLABLE, INBOX_CALLABLE, 'retryContactEmails'].sort(),
    );
  }, 60_000);
});
