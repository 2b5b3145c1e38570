/**
 * For every raster image under public/images, records whether AVIF is smaller than WebP at a typical
 * display width, so the Picture component offers AVIF only where it saves bytes (spec §7 images).
 * Run by `npm run build`; the result is app/ui/image-formats.json.
 */
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDirectory = fileURLToPath(new URL('../public', import.meta.url));
const output = fileURLToPath(new URL('../app/ui/image-formats.json', import.meta.url));

const avifSmaller: Record<string, boolean> = {};
for (const entry of await readdir(path.join(publicDirectory, 'images'), {
  recursive: true,
  withFileTypes: true,
})) {
  if (!entry.isFile() || !/\.(png|jpe?g|webp)$/i.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const resized = sharp(file).resize({ width: 640, withoutEnlargement: true });
  const [avif, webp] = await Promise.all([
    resized.clone().avif({ quality: 75 }).toBuffer(),
    resized.clone().webp({ quality: 75 }).toBuffer(),
  ]);
  avifSmaller[`/${path.relative(publicDirectory, file).split(path.sep).join('/')}`] =
    avif.length < webp.length;
}
await writeFile(output, `${JSON.stringify(avifSmaller, null, 2)}\n`);
console.log(`image formats: ${Object.keys(avifSmaller).length} raster images measured`);
