import { encodePng, type Rgb } from './png.ts';

// Generated pictures so the brand and series lists show real images without shipping binaries.

const SIZE = 96;
const WHITE: Rgb = [255, 255, 255];

export function parseHex(colour: string): Rgb {
  const value = Number.parseInt(colour.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** Mixes a colour towards white; amount 0 keeps it, 1 gives white. */
const lighten = ([r, g, b]: Rgb, amount: number): Rgb => [
  Math.round(r + (255 - r) * amount),
  Math.round(g + (255 - g) * amount),
  Math.round(b + (255 - b) * amount),
];

/** The brand colour with three white diagonal stripes. */
export function brandLogo(colour: string): Uint8Array {
  const base = parseHex(colour);
  return encodePng(SIZE, SIZE, (x, y) => ((x + y) % 32 < 6 ? WHITE : base));
}

/**
 * The brand colour lightened, crossed by horizontal bands of the brand colour; the band count
 * follows the series' position so each series of a brand gets its own picture (and image row).
 */
export function seriesImage(colour: string, index: number): Uint8Array {
  const base = parseHex(colour);
  const light = lighten(base, 0.6);
  const band = Math.max(4, Math.floor(SIZE / (2 * (index + 2))));
  return encodePng(SIZE, SIZE, (_x, y) => (Math.floor(y / band) % 2 === 1 ? base : light));
}
