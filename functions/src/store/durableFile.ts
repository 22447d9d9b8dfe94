/** Crash-safe file writes: temp file, fsync, then an atomic rename (or link), then fsync the folder. */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

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
