import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
const [,, out, x, y, w, h, scale, ...files] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox'] });
const p = await b.newPage();
const url = await p.evaluate(async ({ datas, x, y, w, h, s }) => {
  const c = new OffscreenCanvas(w * s, h * s * datas.length + 4 * (datas.length - 1)); const g = c.getContext('2d'); g.imageSmoothingEnabled = false;
  g.fillStyle = '#400'; g.fillRect(0, 0, c.width, c.height);
  for (let k = 0; k < datas.length; k++) { const img = new Image(); img.src = 'data:image/png;base64,' + datas[k]; await img.decode(); g.drawImage(img, x, y, w, h, 0, k * (h * s + 4), w * s, h * s); }
  const blob = await c.convertToBlob(); const buf = new Uint8Array(await blob.arrayBuffer()); let str = ''; for (const v of buf) str += String.fromCharCode(v); return btoa(str);
}, { datas: files.map((f) => readFileSync(f).toString('base64')), x: +x, y: +y, w: +w, h: +h, s: +scale });
writeFileSync(out, Buffer.from(url, 'base64')); await b.close();
