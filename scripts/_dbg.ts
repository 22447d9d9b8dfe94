import { chromium } from 'playwright-core';
import { startHosting } from './hosting';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
const s = await startHosting({ root: 'dist-bench', port: 4205 });
const b = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const c = await b.newContext({ viewport: { width: 1440, height: 900 } });
  const p = await c.newPage();
  p.on('console', (m) => console.log('console', m.text()));
  p.on('pageerror', (e) => console.log('pageerror', e.message));
  const t = Date.now();
  await p.goto('http://localhost:4205/');
  for (let i = 0; i < 25; i++) {
    await p.waitForTimeout(1000);
    console.log(Date.now() - t, await p.evaluate(() => [document.getElementById('hero-title')?.dataset.mode, (window as any).__titleFrames?.frames, JSON.stringify((window as any).__titleLight)]));
  }
} finally { await b.close(); s.close(); s.closeAllConnections(); }
