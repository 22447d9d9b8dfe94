/**
 * Debian's Chromium and the flags this machine needs: headless, no sandbox (root), and no
 * background traffic (the network here is closed, and nothing may be downloaded at run time).
 * Shared by the browser tests.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
