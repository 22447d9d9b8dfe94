/**
 * `npm run serve` is one command for two processes: the hosting server and the local contact
 * backend. Both come up, the served CSP allows the backend, and both go on Ctrl-C, or when the
 * command is killed outright.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { untilOutput } from '../childOutput';
import { freePort } from '../freePort';
import type { Challenge } from 'altcha-lib';
import { solve } from '../../functions/test/harness';

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch {
    return true;
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function startServe() {
  const dist = await mkdtemp(join(tmpdir(), 'contact-serve-dist-'));
  const data = await mkdtemp(join(tmpdir(), 'contact-serve-data-'));
  cleanups.push(
    () => rm(dist, { recursive: true, force: true }),
    () => rm(data, { recursive: true, force: true }),
  );
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>t</title><p>hello</p>');
  const sitePort = await freePort();
  const backendPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    env: {
      ...process.env,
      DIST_DIR: dist,
      DATA_DIR: data,
      SERVE_PORT: String(sitePort),
      BACKEND_PORT: String(backendPort),
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  await untilOutput(child, new RegExp(`Site: http://localhost:${sitePort}`), 20_000);
  return {
    child,
    exited,
    data,
    site: `http://127.0.0.1:${sitePort}/`,
    backend: `http://127.0.0.1:${backendPort}`,
  };
}

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
  idempotencyKey: `serve-test-${Date.now()}`,
  website: '',
};

describe('npm run serve', () => {
  it('serves the site with the backend allowed by the CSP, takes a message, and stops both processes on Ctrl-C', async () => {
    const serve = await startServe();
    const page = await fetch(serve.site);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(
      new RegExp(`connect-src [^;]*${serve.backend.replace(/\./g, '\\.')}`),
    );

    // A challenge from the backend, solved in Node as the page's worker would.
    const issued = await fetch(`${serve.backend}/demo-bluestem/us-central1/contactChallenge`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: null }),
    });
    const { challenge } = ((await issued.json()) as { result: { challenge: Challenge } }).result;
    const res = await fetch(`${serve.backend}/demo-bluestem/us-central1/sendContactEmail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { ...valid, challenge: await solve(challenge) } }),
    });
    expect(res.status).toBe(200);
    expect(await readdir(join(serve.data, 'outbox'))).toEqual([`${valid.idempotencyKey}.eml`]);

    serve.child.kill('SIGINT');
    await expect(serve.exited).resolves.toBe(0);
    expect(await refused(serve.site)).toBe(true);
    expect(await refused(serve.backend)).toBe(true);
  }, 40_000);

  it('takes the backend down with it when killed outright', async () => {
    const serve = await startServe();
    serve.child.kill('SIGKILL');
    await serve.exited;
    await expect.poll(() => refused(serve.backend), { timeout: 5_000, interval: 100 }).toBe(true);
  }, 40_000);
});
