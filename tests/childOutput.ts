import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once the child's output (stdout and stderr together) matches `ready`, with that
 * output. Rejects, with the output, when the child exits first or `timeoutMs` pass.
 */
export function untilOutput(child: ChildProcess, ready: RegExp, timeoutMs: number) {
  let out = '';
  return new Promise<string>((ok, fail) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const end = (error?: string) => {
      for (const stream of [child.stdout, child.stderr]) stream?.off('data', read);
      child.off('exit', exited);
      signal.removeEventListener('abort', late);
      if (error) fail(new Error(`${error}:\n${out}`));
      else ok(out);
    };
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) end();
    };
    const exited = () => end(`exited before its output matched ${ready}`);
    const late = () => end(`no output matched ${ready} within ${timeoutMs / 1000} s`);
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', read);
    child.once('exit', exited);
    signal.addEventListener('abort', late);
  });
}
