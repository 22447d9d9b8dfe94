import { startHosting } from './hosting';
import { visit } from './bench/visit';
const s = await startHosting({ root: 'dist-bench', port: 4205 });
try {
  for (const [r, d] of [['/', 'desktop']] as const) {
    const t = Date.now();
    const v = await visit('http://localhost:4205' + r, d, { windowMs: 20000 });
    console.log(r, d, Date.now() - t, 'ms', JSON.stringify({ lit: v.lit, canvas: v.canvasMs, bytes: v.bytes, main: v.cpu.main }));
  }
} finally { s.close(); s.closeAllConnections(); }
