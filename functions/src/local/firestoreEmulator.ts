import { spawn } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';

const LAUNCHER = join('platform', 'cloud-firestore-emulator', 'cloud_firestore_emulator');
const SDK_ROOTS = [
  '/usr/lib/google-cloud-sdk',
  '/usr/share/google-cloud-sdk',
  '/opt/google-cloud-sdk',
];

const EMULATOR_MISSING =
  'The Cloud Firestore emulator is not installed: apt-get install google-cloud-cli-firestore-emulator ' +
  'openjdk-17-jre-headless (or gcloud components install cloud-firestore-emulator), or set ' +
  'FIRESTORE_EMULATOR_HOST to a running one.';

export interface FirestoreEmulator {
  /** 127.0.0.1:PORT, the value of FIRESTORE_EMULATOR_HOST. */
  host: string;
  stop(): Promise<void>;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findEmulatorLauncher(env: NodeJS.ProcessEnv = process.env): string | null {
  const roots = [...SDK_ROOTS];
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const gcloud = join(dir, 'gcloud');
    // <sdk>/bin/gcloud, often reached through a symlink in /usr/bin.
    if (executable(gcloud)) roots.push(dirname(dirname(realpathSync(gcloud))));
  }
  return roots.map((root) => join(root, LAUNCHER)).find(executable) ?? null;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const address = server.address();
  await new Promise<void>((ok) => server.close(() => ok()));
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

async function answers(host: string): Promise<boolean> {
  try {
    return (await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** Starts the emulator on a free port and waits until it answers (about 4 to 10 s). */
export async function startFirestoreEmulator(
  options: { timeoutMs?: number; log?: (line: string) => void } = {},
): Promise<FirestoreEmulator> {
  const launcher = findEmulatorLauncher();
  if (!launcher) throw new Error(EMULATOR_MISSING);
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const child = spawn(launcher, ['start', '--host=127.0.0.1', `--port=${port}`], {
    // Its own process group: the launcher (bash) runs java as a child, and both must go.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    options.log?.(chunk.toString());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  let spawnError: Error | null = null;
  child.once('error', (error) => (spawnError = error));
  const group = child.pid;

  const signal = (sig: NodeJS.Signals | 0): boolean => {
    if (group === undefined) return false;
    try {
      process.kill(-group, sig);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  // A backend that exits without stopping it (an uncaught error) still takes java with it.
  const onExit = () => signal('SIGKILL');
  process.once('exit', onExit);

  const stop = async () => {
    process.removeListener('exit', onExit);
    signal('SIGTERM');
    await exited;
    // The launcher can be gone before java: wait for the group to empty, then force it.
    const deadline = Date.now() + 5000;
    while (signal(0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    signal('SIGKILL');
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let running = true;
  void exited.then(() => (running = false));
  while (!(await answers(host))) {
    if (spawnError || !running || Date.now() > deadline) {
      await stop();
      const why = spawnError
        ? (spawnError as Error).message
        : running
          ? 'it did not answer in time'
          : 'it exited';
      throw new Error(`The Firestore emulator (${launcher}) did not start: ${why}.\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host,
    stop,
  };
}
