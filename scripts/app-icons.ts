import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * The installed app's icons (docs/design.md §8.6), drawn once from the logo (public/favicon.svg,
 * which src/app/logo.tsx shows) and committed in public/: `node scripts/app-icons.ts` after a change
 * of the logo. The maskable icon keeps the snowflake inside the middle 80 % a launcher's mask never
 * cuts, on a square of the brand colour; Apple's icon has no transparency, as iOS would fill it black.
 */
const logo = readFileSync('public/favicon.svg', 'utf8');
const BRAND = '#0e7490';
const snowflake = logo.replace(/<rect[^>]*\/>/, '');

const square = (glyphShare: number) => {
  const inset = (32 * (1 - glyphShare)) / 2;
  return snowflake
    .replace('viewBox="0 0 32 32"', `viewBox="${-inset / glyphShare} ${-inset / glyphShare} ${32 / glyphShare} ${32 / glyphShare}"`)
    .replace(
      '>',
      `><rect x="${-inset / glyphShare}" y="${-inset / glyphShare}" width="${32 / glyphShare}" height="${32 / glyphShare}" fill="${BRAND}"/>`,
    );
};

const icons = [
  { file: 'public/icon-192.png', svg: logo, size: 192 },
  { file: 'public/icon-512.png', svg: logo, size: 512 },
  { file: 'public/icon-maskable-512.png', svg: square(0.7), size: 512 },
  { file: 'public/apple-touch-icon.png', svg: square(0.85), size: 180 },
];

for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
}
