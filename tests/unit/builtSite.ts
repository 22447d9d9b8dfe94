/**
 * The production build the build's tests read: DIST_DIR (default dist). `npm test` builds first;
 * when the build is missing, the first test file to ask makes it, and the others wait for it.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { vi } from 'vitest';

export const DIST = resolve(process.env.DIST_DIR ?? 'dist');

/** Makes the build unless it is there; resolves once it is. */
export async function builtSite(): Promise<string> {
  const lock = `${DIST}.building`;
  // sw.js is the last file the build writes.
  while (!existsSync(join(DIST, 'sw.js'))) {
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building: wait until it is done.
      await vi.waitFor(
        () => {
          if (existsSync(lock))
            throw new Error(`${lock} is still there: remove it if no build runs`);
        },
        { timeout: 300_000, interval: 500 },
      );
      continue;
    }
    try {
      // vitest sets NODE_ENV=test, which would make a development bundle.
      execSync('npm run build', {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return DIST;
}
