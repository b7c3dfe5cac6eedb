import { crc32, deflateSync } from 'node:zlib';

// A minimal PNG writer (8-bit RGB, no interlace), enough for generated logos without adding an
// image library: signature, IHDR, one IDAT of deflated scanlines, IEND.

export type Rgb = readonly [number, number, number];

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Length, type, data, then a CRC-32 over type and data, as every PNG chunk is laid out. */
function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes an image whose colour at (x, y) is `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  // Bytes 10–12 (compression, filter, interlace) stay 0: the only standard choices.

  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height); // each scanline starts with filter type 0, "None"
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * stride + 1 + x * 3);
  }

  return new Uint8Array(
    Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]),
  );
}
