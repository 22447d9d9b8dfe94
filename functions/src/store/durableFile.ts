import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** `.<file>.<pid>.<random>.tmp`: the writer's pid tells a crashed writer's leftovers from live work. */
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]+\.tmp$/;
/** A temp file lives for one write (milliseconds): one this old is a leftover whatever its pid says. */
const TEMP_LEASE_MS = 10 * 60_000;

async function writeTemp(path: string, data: string | Uint8Array): Promise<string> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return tmp;
}

/** Replaces `path` with `data` atomically: readers see the old or the new file, never a part. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = await writeTemp(path, data);
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
  await syncDir(dirname(path));
}

/** Creates `path` with `data` only if it does not exist yet (atomically); false if it did. */
export async function createFileAtomic(path: string, data: string | Uint8Array): Promise<boolean> {
  const tmp = await writeTemp(path, data);
  try {
    await link(tmp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(tmp).catch(() => {});
  }
  await syncDir(dirname(path));
  return true;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes and counts the temp files of dead writers in `dir`, and any older than the lease. */
export async function sweepTempFiles(dir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    if (!pid) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info) continue; // its write has just finished
    const leftover = (pid !== process.pid && !alive(pid)) || now - info.mtimeMs > TEMP_LEASE_MS;
    if (
      leftover &&
      (await unlink(path).then(
        () => true,
        () => false,
      ))
    )
      removed++;
  }
  return removed;
}

/** Deletes the file at `path`; false when there was none. */
export async function removeIfThere(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
