/**
 * The Firebase Auth emulator, from the Firebase CLI (firebase-tools, a devDependency), for the
 * inbox's email-link sign-in: a `demo-` project, no login, no emulator UI, nothing downloaded.
 * It runs from a folder of its own, so its config and debug log stay out of the checkout.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './firestoreEmulator';

export interface AuthEmulator {
  /** 127.0.0.1:PORT, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  stop(): Promise<void>;
}

/** The emulator's line for each sign-in link it "sends": the link is what the studio opens. */
const LINK_LINE = /To sign in as .+, follow this link: (\S+)/;

/**
 * Starts the emulator on `port` (a free one for 0) and waits until it answers. `onLink` gets each
 * sign-in link it makes, which a real project would send by mail.
 */
export async function startAuthEmulator(options: {
  projectId: string;
  port: number;
  onLink?: (link: string, line: string) => void;
}): Promise<AuthEmulator> {
  const port = options.port || (await freePort());
  const host = `127.0.0.1:${port}`;
  const dir = await mkdtemp(join(tmpdir(), 'auth-emulator-'));
  const emulators = {
    auth: { host: '127.0.0.1', port },
    // The CLI's own ports: free ones, so two checkouts can run side by side.
    hub: { host: '127.0.0.1', port: await freePort() },
    logging: { host: '127.0.0.1', port: await freePort() },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  await writeFile(join(dir, 'firebase.json'), JSON.stringify({ emulators }));
  const cli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  const child = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', 'auth', '--project', options.projectId],
    {
      cwd: dir,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let out = '';
  const read = (chunk: Buffer) => {
    const text = chunk.toString();
    out += text;
    for (const line of text.split('\n')) {
      const link = LINK_LINE.exec(line)?.[1];
      if (link) options.onLink?.(link, line.trim());
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // The CLI starts its own children: end the whole group.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The Auth emulator did not start:\n${out}`);
    }
    const up = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { host, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Auth emulator did not answer within a minute:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
