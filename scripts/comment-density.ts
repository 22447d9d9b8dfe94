/** Prints the share of non-blank .ts/.tsx lines that are comments, per folder and in all. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

function count(dir: string): { lines: number; comments: number } {
  let lines = 0;
  let comments = 0;
  for (const file of sources(dir)) {
    let inBlock = false;
    for (const raw of readFileSync(file, 'utf8').split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      lines++;
      if (inBlock) {
        comments++;
        inBlock = !line.includes('*/');
      } else if (line.startsWith('//') || line.startsWith('{/*')) comments++;
      else if (line.startsWith('/*')) {
        comments++;
        inBlock = !line.includes('*/');
      }
    }
  }
  return { lines, comments };
}

const dirs = process.argv.slice(2);
const all = { lines: 0, comments: 0 };
for (const dir of dirs.length ? dirs : ['src', 'functions/src']) {
  const c = count(dir);
  all.lines += c.lines;
  all.comments += c.comments;
  console.log(
    `${dir}: ${c.comments} of ${c.lines} lines, ${((100 * c.comments) / c.lines).toFixed(1)} %`,
  );
}
console.log(
  `all: ${all.comments} of ${all.lines}, ${((100 * all.comments) / all.lines).toFixed(1)} %`,
);
