/**
 * CPU time of Chromium's processes from /proc (user + system, every thread): the GPU process's
 * software GL (SwiftShader) runs on threads that write no trace events, so only /proc sees it.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
export const TICKS_PER_SECOND = 100;

export interface ProcessTicks {
  pid: number;
  /** Chromium's --type (gpu-process, renderer, utility…), or 'browser' for the main process. */
  type: string;
  ticks: number;
}

/** Every process below rootPid (not rootPid itself), with its type and CPU ticks. */
export function descendants(rootPid: number): ProcessTicks[] {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces: fields start after the last ')'.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(f[1]));
      ticks.set(Number(name), Number(f[11]) + Number(f[12]));
    } catch {
      // exited while reading
    }
  }
  const out: ProcessTicks[] = [];
  for (const [pid, t] of ticks) {
    let p: number | undefined = parent.get(pid);
    while (p && p !== rootPid && p !== 1) p = parent.get(p);
    if (p !== rootPid) continue;
    let type = 'other';
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? (/chrom/.test(cmd) ? 'browser' : 'other');
    } catch {
      // exited
    }
    out.push({ pid, type, ticks: t });
  }
  return out;
}

/** CPU ticks of rootPid's whole tree. */
export function treeTicks(rootPid: number): number {
  return descendants(rootPid).reduce((a, p) => a + p.ticks, 0);
}

/** CPU ms per process type between two snapshots (a process born in between counts from 0). */
export function cpuMsByType(before: ProcessTicks[], after: ProcessTicks[]): Record<string, number> {
  const start = new Map(before.map((p) => [p.pid, p.ticks]));
  const out: Record<string, number> = {};
  for (const p of after) {
    const ms = ((p.ticks - (start.get(p.pid) ?? 0)) * 1000) / TICKS_PER_SECOND;
    out[p.type] = (out[p.type] ?? 0) + ms;
  }
  return out;
}
