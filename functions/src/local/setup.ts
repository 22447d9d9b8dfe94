/** First import of the local backend: reads .env files and shortens the logger's JSON lines. */
// firebase-functions' logger keeps the console it found when loaded: replace it before that.
import { existsSync } from 'node:fs';

// The same files Vite reads; a variable already in the environment wins.
for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);

// On the Firestore emulator no credential is needed: tell google-auth-library (gcp-metadata's
// documented switch) not to probe a Google Cloud metadata server, which is not there.
if (process.env.FIRESTORE_EMULATOR_HOST) process.env.METADATA_SERVER_DETECTION ??= 'none';

type Method = 'debug' | 'info' | 'log' | 'warn' | 'error';
const verbose = process.env.LOG_LEVEL?.trim().toLowerCase() === 'debug';

/** `message (key=value, …)` for a structured entry; null for anything else. */
function shortLine(text: string): { severity: string; line: string } | null {
  if (!text.startsWith('{"')) return null;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { severity, message, ...rest } = entry;
  if (typeof severity !== 'string') return null;
  const fields = Object.entries(rest)
    .filter(
      ([key, value]) => !key.startsWith('logging.googleapis.com') && typeof value !== 'object',
    )
    .map(([key, value]) => `${key}=${String(value)}`);
  return { severity, line: fields.length ? `${message} (${fields.join(', ')})` : `${message}` };
}

if (!verbose) {
  for (const method of ['debug', 'info', 'log', 'warn', 'error'] as Method[]) {
    const write = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      const entry = args.length === 1 && typeof args[0] === 'string' ? shortLine(args[0]) : null;
      if (!entry) return write(...args);
      if (entry.severity !== 'DEBUG') write(entry.line);
    };
  }
}
