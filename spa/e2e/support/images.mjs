// Real images for upload tests, drawn by the browser's own canvas (no binary fixtures).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const files = mkdtempSync(join(tmpdir(), 'verde-fotos-'));

/** A real JPEG of w×h drawn in page, written to a file a file input takes; returns its path. */
export async function jpegFile(page, name, w, h, color) {
  const b64 = await page.evaluate(
    ([w, h, color]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const ctx = c.getContext('2d');
      const g = ctx.createLinearGradient(0, 0, w, h);
      g.addColorStop(0, color);
      g.addColorStop(1, '#f4e04d');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#2f6b2f';
      ctx.beginPath();
      ctx.arc(w / 2, h / 2, Math.min(w, h) / 4, 0, Math.PI * 2);
      ctx.fill();
      return c.toDataURL('image/jpeg', 0.9).split(',')[1];
    },
    [w, h, color],
  );
  const path = join(files, name);
  writeFileSync(path, Buffer.from(b64, 'base64'));
  return path;
}
