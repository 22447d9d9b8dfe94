/**
 * Starts `npm run serve` (the production build, as Hosting serves it) for the browser tests, and
 * an X display (Xvfb) for the engines that need one. `npm test` builds first; a missing build is
 * made here. Ports and folders follow the same environment variables as the scripts, so parallel
 * checkouts do not collide.
 *
 * Every browser project (browser, firefox, webkit) lists this file, and vitest runs it once per
 * project, all in the main process: the server and the display are kept on globalThis and shared,
 * started by the first project and stopped after the last one's teardown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { untilOutput } from '../childOutput';
import { startDisplay, type Display } from './display';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The X display the browsers draw on (Firefox has WebGL only with one), e.g. ":7". */
    display: string;
    /** The engine of a cross-engine project (tests/engines), set in vitest.config.ts. */
    engine: 'chromium' | 'firefox' | 'webkit';
  }
}

/** Projects whose browsers need an X display: Firefox for WebGL, WebKitGTK to run at all. */
const NEEDS_DISPLAY = new Set(['firefox', 'webkit']);

interface Shared {
  users: number;
  server?: Promise<{ process: ChildProcess; baseURL: string }>;
  display?: Promise<Display>;
}
const shared = ((globalThis as { __browserTestServices?: Shared }).__browserTestServices ??= {
  users: 0,
});

async function startServer(): Promise<{ process: ChildProcess; baseURL: string }> {
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
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    // Every browser test's visitor is one loopback address: the per-client limit would end the
    // suite's sends after five (the limits themselves are tested in functions/test).
    // Its backend starts an Auth emulator on a free port, for the inbox's sign-in.
    env: {
      ...process.env,
      SERVE_PORT: String(port),
      RATE_LIMIT_PER_CLIENT: '100000',
      AUTH_EMULATOR: 'on',
      AUTH_EMULATOR_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.pipe(process.stdout);
  server.stderr!.pipe(process.stderr);
  // The backend starts an Auth emulator too: on a busy machine, that can take most of a minute.
  await untilOutput(server, /^Site: /m, 120_000);
  return { process: server, baseURL };
}

export async function setup(project: TestProject) {
  shared.users++;
  shared.server ??= startServer();
  project.provide('baseURL', (await shared.server).baseURL);
  if (NEEDS_DISPLAY.has(project.name)) {
    shared.display ??= startDisplay();
    project.provide('display', (await shared.display).name);
  }
}

export async function teardown() {
  if (--shared.users > 0) return;
  const display = await shared.display;
  await display?.stop();
  const server = (await shared.server)?.process;
  shared.server = shared.display = undefined;
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}
