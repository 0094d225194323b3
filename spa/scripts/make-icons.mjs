// Draws the app's icons with Debian's chromium (no image
// library to install): `node scripts/make-icons.mjs` writes them into public/ and they are
// committed. Run it again only when the mark or the colours change.
//   icons/icon-{192,512}.png           the mark on a rounded square ("any")
//   icons/maskable-{192,512}.png       full-bleed square, the mark inside the 80 % safe zone
//   icons/apple-touch-icon.png         180 px, for iOS's home screen
// (The default link-preview image, public/og-verde.png, is drawn by tools/ogimage.)
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const green = '#2f7d32';
const leaf = (size) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24"><path d="M6 18c0-7 4.5-12 12.5-13-1 8.5-6 13-12.5 13z" fill="#c8e6c9"/><path d="M6 18c2.7-3.6 5.4-6.2 9-9" stroke="${green}" stroke-width="1.5" fill="none" stroke-linecap="round"/></svg>`;

const square = (size, { radius, mark }) =>
  `<body style="margin:0;background:transparent"><div style="width:${size}px;height:${size}px;border-radius:${radius}px;background:${green};display:grid;place-items:center">${leaf(mark)}</div></body>`;

const images = [
  ['icons/icon-192.png', 192, square(192, { radius: 42, mark: 150 })],
  ['icons/icon-512.png', 512, square(512, { radius: 112, mark: 400 })],
  // Android crops a maskable icon to a circle or squircle: the mark stays inside the middle 80 %.
  ['icons/maskable-192.png', 192, square(192, { radius: 0, mark: 118 })],
  ['icons/maskable-512.png', 512, square(512, { radius: 0, mark: 316 })],
  ['icons/apple-touch-icon.png', 180, square(180, { radius: 0, mark: 130 })],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const [file, size, html] of images) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(html);
  writeFileSync(join(out, file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
}
await browser.close();
console.log('icons written to', out);
