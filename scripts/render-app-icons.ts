/**
 * Renders the PNG app icons (PWA manifest, Apple touch icon) from the brand mark SVG.
 * Run after changing apps/web/public/brand/favicon.svg: `node scripts/render-app-icons.ts`.
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const brand = fileURLToPath(new URL('../apps/web/public/brand/', import.meta.url));
const mark = `${brand}favicon.svg`;
const background = '#15121f';

async function render(size: number, file: string, padding: number) {
  const inner = Math.round(size * (1 - 2 * padding));
  const icon = await sharp(mark, { density: 600 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: icon, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(`${brand}${file}`);
  console.log(`${file} ${size}×${size}`);
}

await render(192, 'icon-192.png', 0.08);
await render(512, 'icon-512.png', 0.08);
// Maskable icons keep the mark inside the central safe zone (80 % circle).
await render(512, 'icon-maskable-512.png', 0.2);
await render(180, 'apple-touch-icon.png', 0.1);
