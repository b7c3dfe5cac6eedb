import { describe, it, expect } from 'vitest';
import { sniffImage } from '#src/contract/images.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('sniffImage', () => {
  it('recognises PNG', () => {
    expect(sniffImage(bytes(PNG, [0, 0, 0, 0x0d], 'IHDR'))).toEqual({ ext: 'png', contentType: 'image/png' });
  });

  it('recognises JPEG', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toEqual({
      ext: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(sniffImage(bytes([0xff, 0xd8, 0xff]))).toEqual({ ext: 'jpg', contentType: 'image/jpeg' });
  });

  it('recognises both GIF versions', () => {
    const gif = { ext: 'gif', contentType: 'image/gif' };
    expect(sniffImage(bytes('GIF87a', [1, 0, 1, 0]))).toEqual(gif);
    expect(sniffImage(bytes('GIF89a', [1, 0, 1, 0]))).toEqual(gif);
  });

  it('recognises WebP inside RIFF whatever the size field says', () => {
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toEqual({
      ext: 'webp',
      contentType: 'image/webp',
    });
  });

  it('refuses other RIFF files', () => {
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEB'))).toBeNull();
  });

  it('refuses SVG, with or without an XML prolog', () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
  });

  it('refuses text, empty input and truncated signatures', () => {
    expect(sniffImage(bytes('hello, world'))).toBeNull();
    expect(sniffImage(new Uint8Array(0))).toBeNull();
    expect(sniffImage(bytes(PNG.slice(0, 7)))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(bytes('GIF88a'))).toBeNull();
  });

  it('only looks at the start of the data', () => {
    expect(sniffImage(bytes([0], PNG))).toBeNull();
  });

  it('reads a view into a larger buffer from its own start', () => {
    const buffer = bytes('junk', PNG);
    expect(sniffImage(buffer.subarray(4))).toEqual({ ext: 'png', contentType: 'image/png' });
  });
});
