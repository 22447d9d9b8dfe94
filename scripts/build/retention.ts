/**
 * RETENTION_DAYS for the build, so the privacy policy states what the backend does. The build
 * reads the environment and the root .env files (as the local backend does), and also
 * functions/.env, the file a deployed function reads its settings from. Set in both with other
 * values, the build stops: the page and the function would disagree.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { loadEnv } from 'vite';
import { retentionDays } from '../../src/contract/retention.ts';

export function buildRetention(mode: string, root = process.cwd()): string {
  const site = loadEnv(mode, root, 'RETENTION_DAYS').RETENTION_DAYS?.trim() || '';
  const file = join(root, 'functions', '.env');
  const deployed = existsSync(file)
    ? (parseEnv(readFileSync(file, 'utf8')).RETENTION_DAYS?.trim() ?? '')
    : '';
  if (site && deployed && retentionDays(site) !== retentionDays(deployed))
    throw new Error(
      `RETENTION_DAYS is ${site} for the site but ${deployed} in functions/.env: set it once.`,
    );
  const value = site || deployed;
  retentionDays(value); // a bad value stops the build, as it stops the backend
  return value;
}
