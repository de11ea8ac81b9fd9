/**
 * The install icons (public/icons/*.png), drawn from public/favicon.svg by the system Chromium
 * (playwright-core, as the end-to-end tests use it). Run after changing the favicon:
 *
 *   npx tsx scripts/make-icons.ts
 *
 * - icon-192.png, icon-512.png ("any"): the favicon as it is, transparent round corners;
 * - icon-maskable-512.png ("maskable"): full-bleed brand colour, the favicon's glyph inside the
 *   central 80% safe zone, so any mask shape (circle, squircle) keeps it whole;
 * - apple-touch-icon.png (180): full-bleed (iOS rounds the corners itself and shows transparency black).
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'public', 'icons');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BRAND = '#0b6e4f';

const svg = readFileSync(join(ROOT, 'public', 'favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const ICONS = [
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
] as const;

/** The page that draws one icon: the favicon whole, or scaled into the safe zone on a full-bleed square. */
const page = (size: number, fullBleed: boolean) => {
  const inner = fullBleed ? Math.round(size * 0.78) : size;
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${fullBleed ? BRAND : 'transparent'}">
<img src="${dataUrl}" width="${inner}" height="${inner}" alt=""></body></html>`;
};

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of ICONS) {
    const context = await browser.newContext({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const tab = await context.newPage();
    await tab.setContent(page(icon.size, icon.fullBleed));
    await tab.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const file = join(OUT, icon.file);
    await tab.screenshot({ path: file, omitBackground: !icon.fullBleed });
    console.log(`${icon.file}: ${icon.size}×${icon.size}, ${statSync(file).size} bytes`);
    await context.close();
  }
} finally {
  await browser.close();
}
