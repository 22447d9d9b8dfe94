/**
 * The browser's bundle takes react-router's production build through an alias
 * (scripts/build/reactRouterProduction.ts). These tests fail by name when an upgraded react-router
 * moves its entry points; the built bundle is checked in first-paint.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { reactRouterProduction } from '../../scripts/build/reactRouterProduction';

const require = createRequire(import.meta.url);

describe('react-router in the build', () => {
  it('aliases every react-router entry point react-router-dom imports to a production module', () => {
    const dom = readFileSync(require.resolve('react-router-dom'), 'utf8');
    const imported = [...dom.matchAll(/from "(react-router[^"]*)"/g)].map((m) => m[1]!);
    expect(imported.length).toBeGreaterThan(0);
    for (const specifier of new Set(imported)) {
      const alias = reactRouterProduction.find((a) => (a.find as RegExp).test(specifier));
      expect(alias, specifier).toBeDefined();
      expect(existsSync(alias!.replacement), alias!.replacement).toBe(true);
    }
  });

  it('aliases modules that switch react-router’s development warnings off', () => {
    for (const { replacement } of reactRouterProduction) {
      const code = readFileSync(replacement, 'utf8');
      const chunks = [...code.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((m) => m[1]!);
      const all = [
        code,
        ...chunks.map((c) => readFileSync(new URL(c, `file://${replacement}`), 'utf8')),
      ];
      expect(all.join('\n')).toMatch(/var ENABLE_DEV_WARNINGS = false;/);
    }
  });
});
