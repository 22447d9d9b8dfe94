import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BackendProcess {
  child: ChildProcess;
  origin: string;
  /** The Auth emulator the backend uses (host:port), null without one. */
  auth: string | null;
  /** What it printed, when started with `capture`. */
  output(): string;
  /** Sends `signal` (SIGTERM: a clean stop) if it still runs; resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs main.ts as a child process for `npm start`, `npm run serve` and the crash tests. */
export async function startBackendProcess(
  env: NodeJS.ProcessEnv = process.env,
  { capture = false } = {},
): Promise<BackendProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env,
    stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit', 'ipc'],
    // Its own process group: Ctrl-C reaches the parent only, which then stops it in order.
    detached: true,
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const ready = await new Promise<{ ready: string; auth?: string | null }>((ok, fail) => {
    child.once('message', (m) => ok(m as { ready: string; auth?: string | null }));
    child.once('exit', (code, signal) =>
      fail(
        new Error(`The contact backend exited before it was ready (${signal ?? code}).\n${out}`),
      ),
    );
    child.once('error', fail);
  });
  return {
    child,
    origin: ready.ready,
    auth: ready.auth ?? null,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Ties the site server's life to the backend's: Ctrl-C stops both, a dead backend exits 1. */
export function stopTogether(
  backend: BackendProcess,
  closeSite: () => Promise<void> | void,
  site: string,
): void {
  let closing = false;
  const shutdown = async (code = 0) => {
    if (closing) return;
    closing = true;
    await Promise.all([closeSite(), backend.stop()]);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  backend.child.once('exit', () => {
    if (!closing) console.error(`The contact backend stopped; stopping the ${site} too.`);
    void shutdown(1);
  });
}
