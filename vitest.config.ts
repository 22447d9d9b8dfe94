import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** What every browser project shares: one server and one display (tests/browser/global-setup.ts). */
const browserTests: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  globalSetup: ['tests/browser/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A page's app arrives after its first paint (src/boot.ts): what a poll waits for after a
  // load can take seconds on a busy machine, never a wrong answer.
  expect: { poll: { timeout: 10_000 } },
  fileParallelism: false,
};

/** A browser project: one engine, its files, run after the projects of a lower groupOrder. */
function browserProject(
  name: string,
  engine: 'chromium' | 'firefox' | 'webkit',
  groupOrder: number,
  extra: TestProjectInlineConfiguration['test'] = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      ...browserTests,
      name,
      include: ['tests/engines/**/*.test.ts'],
      provide: { engine },
      // One engine at a time: the machine has two cores.
      sequence: { groupOrder },
      ...extra,
    },
  };
}

/**
 * The site's own Vite config (its plugins and `define`), with the test projects added. Read in the
 * production mode, as the build is: browser tests compare the built pages with the content.
 */
export default defineConfig((env) =>
  mergeConfig(viteConfig({ ...env, mode: 'production' }), {
    test: {
      // A backend a test starts starts no Auth emulator of its own: the tests that sign in start one.
      env: { AUTH_EMULATOR: 'off' },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}', 'functions/test/**/*.test.ts'],
            environment: 'node',
            // One Firestore emulator for the run, for the production store's tests (docs/firestore.md).
            globalSetup: ['functions/test/firestore.global-setup.ts'],
            sequence: { groupOrder: 0 },
          },
        },
        browserProject('browser', 'chromium', 1, {
          // Chromium also runs the cross-engine files whose subject is not the engine's graphics.
          include: [
            'tests/browser/**/*.test.ts',
            'tests/engines/outbox.test.ts',
            'tests/engines/dom-motion.test.ts',
            'tests/engines/spam.test.ts',
            'tests/engines/inbox.test.ts',
          ],
        }),
        // The same cross-engine files (tests/engines) in Firefox and in WebKit: docs/browsers.md.
        browserProject('firefox', 'firefox', 2),
        browserProject('webkit', 'webkit', 3, {
          // A WebDriver session starts a whole MiniBrowser; software GL in the page is slow.
          testTimeout: 120_000,
          // WebKitGTK's driver has two flaws, not the site's (docs/browsers.md). In about one run of
          // title.test.ts in 8, it never answers the request for a new session, or every screenshot
          // shows the WebGL canvas black while the canvas holds the title (read back with
          // readPixels). Both end with that session, so a retry runs the test in a new one.
          retry: 2,
        }),
      ],
    },
  }),
);
