// Renders the site's icons from the SVG logo (public/favicon.svg): `node scripts/make-icons.mjs`.
// app/favicon.ico is Next.js's file convention (linked in every page's head). The Apple touch
// icon goes to public/ at the address iOS asks for even unlinked (the layout links it too: an
// app/apple-icon.png beside no root layout is served but not linked); the manifest's icons
// (app/manifest.ts) go to public/icons/.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.join(import.meta.dirname, '..');
const logo = await readFile(path.join(root, 'public', 'favicon.svg'), 'utf8');
// Apple's home screen rounds the corners itself and shows transparency as black: a full square.
const squareLogo = logo.replace(/ rx="[\d.]+"/, '');

const png = (svg, size, { opaque = false } = {}) => {
  const image = sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size);
  return (opaque ? image.flatten({ background: '#1f43a6' }) : image).png({ compressionLevel: 9, palette: size <= 48 }).toBuffer();
};

/** An ICO file holding PNG images (read by every current browser and by search engines). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map(({ data }) => data)]);
}

const icoSizes = [16, 32, 48];
const icoImages = await Promise.all(icoSizes.map(async (size) => ({ size, data: await png(logo, size) })));
await writeFile(path.join(root, 'app', 'favicon.ico'), ico(icoImages));
await writeFile(path.join(root, 'public', 'apple-touch-icon.png'), await png(squareLogo, 180, { opaque: true }));
await mkdir(path.join(root, 'public', 'icons'), { recursive: true });
for (const size of [192, 512]) await writeFile(path.join(root, 'public', 'icons', `icon-${size}.png`), await png(logo, size));
console.log('wrote app/favicon.ico, public/apple-touch-icon.png, public/icons/icon-192.png, public/icons/icon-512.png');
