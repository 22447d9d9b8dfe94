/**
 * The browser's bundle takes react-router's production build, with its components marked pure so
 * that those the site does not use are left out (scripts/build/reactRouterPlugin.ts; the built
 * bundle is checked in first-paint.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REACT_ROUTER_PRODUCTION,
  withPureDefinitions,
} from '../../scripts/build/reactRouterPlugin';

const DEFINITION =
  /^(?:var|const|let) [\w$]+ = (\/\* @__PURE__ \*\/ )?React\d*\.(?:forwardRef|memo|createContext)\(/gm;

describe('react-router in the build', () => {
  const modules = readdirSync(REACT_ROUTER_PRODUCTION)
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => readFileSync(join(REACT_ROUTER_PRODUCTION, f), 'utf8'));

  it('marks every component and context react-router defines at the top level as pure, and drops their display names', () => {
    const before = modules.flatMap((code) => [...code.matchAll(DEFINITION)]);
    const after = modules.flatMap((code) => [...withPureDefinitions(code).matchAll(DEFINITION)]);
    // NavLink, Form, Link, contexts…: a react-router that defined them otherwise needs the plugin's update.
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.filter((m) => m[1])).toEqual([]);
    expect(after.filter((m) => !m[1])).toEqual([]);
    expect(after).toHaveLength(before.length);
    for (const code of modules)
      expect(withPureDefinitions(code)).not.toMatch(/^[\w$]+\.displayName = /m);
  });
});
