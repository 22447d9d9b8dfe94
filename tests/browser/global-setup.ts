/**
 * Starts `npm run serve` (the production build, as Hosting serves it) for the browser tests.
 * `npm test` builds first; a missing build is made here. Ports and folders follow the same
 * environment variables as the scripts, so parallel checkouts do not collide.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

let server: ChildProcess | undefined;

export async function setup(project: TestProject) {
  const dist = process.env.DIST_DIR ?? 'dist';
  // vitest sets NODE_ENV=test, which would make a development bundle without the service worker.
  if (!existsSync(`${dist}/index.html`))
    execSync('npm run build', {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  const port = Number(process.env.SERVE_PORT ?? 4173);
  const baseURL = `http://localhost:${port}`;
  // A server left over from another run would be tested instead of this build.
  const stale = await fetch(baseURL).then(
    () => true,
    () => false,
  );
  if (stale)
    throw new Error(`Port ${port} is already in use: stop the other server or set SERVE_PORT.`);
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    env: { ...process.env, SERVE_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHttp(`${baseURL}/`, 30_000);
  project.provide('baseURL', baseURL);
}

export async function teardown() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server!.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}
