import { spawn } from 'node:child_process';

export interface Display {
  /** e.g. ":7" */
  name: string;
  stop(): Promise<void>;
}

/**
 * The X display for Firefox (which has WebGL only with one, even headless) and WebKitGTK: the
 * one in DISPLAY if set (.ci/run starts one), else an Xvfb of our own on the first free display.
 */
export async function startDisplay(): Promise<Display> {
  if (process.env.DISPLAY) return { name: process.env.DISPLAY, stop: async () => {} };
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '1', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const name = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it had a display`)));
  });
  return {
    name,
    stop: async () => {
      if (xvfb.exitCode !== null) return;
      const exited = new Promise((r) => xvfb.once('exit', r));
      xvfb.kill('SIGTERM');
      await exited;
    },
  };
}
