export type ImageExt = 'png' | 'jpg' | 'webp' | 'gif';
export type SniffedImage = { ext: ImageExt; contentType: string };

/** An image is at most this many pixels wide and high (docs/design.md §7.6); the server checks it when it decodes. */
export const MAX_IMAGE_PIXELS = 10_000;

const TYPE_NAMES: Record<ImageExt, string> = { png: 'PNG', jpg: 'JPEG', webp: 'WebP', gif: 'GIF' };

/** The server's refusals of an image it decodes (the mocks only sniff: a browser has no decoder to trust). */
export const imageMessages = {
  undecodable: (label: string, type: SniffedImage) => `The ${label} could not be read as a ${TYPE_NAMES[type.ext]} image.`,
  dimensions: (label: string) => `The ${label} must be 1 to 10,000 pixels wide and high.`,
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = ascii('GIF87a');
const GIF89A = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

function ascii(text: string): number[] {
  return Array.from(text, (ch) => ch.charCodeAt(0));
}

function hasAt(bytes: Uint8Array, offset: number, signature: readonly number[]): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

// Markup a browser would run if it ever took the file for a page: an image that carries it is a
// polyglot (e.g. a GIF header over HTML). Metadata such as XMP is XML without these tags.
const ACTIVE_MARKUP = /<(script|html|body|svg|iframe|object|embed|meta|!doctype|\?php)[\s/>]|javascript:/i;

function carriesMarkup(bytes: Uint8Array): boolean {
  // latin1 maps each byte to one character, so a tag in the bytes is a tag in the text.
  return ACTIVE_MARKUP.test(new TextDecoder('latin1').decode(bytes));
}

/**
 * Identifies an upload by its leading bytes, never by its name or declared type, so an SVG
 * (script-capable) or anything else renamed to .png is refused (null), and so is an image that
 * also carries HTML or script.
 */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const type = sniffSignature(bytes);
  return type && !carriesMarkup(bytes) ? type : null;
}

function sniffSignature(bytes: Uint8Array): SniffedImage | null {
  if (hasAt(bytes, 0, PNG)) return { ext: 'png', contentType: 'image/png' };
  if (hasAt(bytes, 0, JPEG)) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (hasAt(bytes, 0, GIF87A) || hasAt(bytes, 0, GIF89A)) return { ext: 'gif', contentType: 'image/gif' };
  // RIFF is a generic container (WAV, AVI too); bytes 8–11 name the format.
  if (hasAt(bytes, 0, RIFF) && hasAt(bytes, 8, WEBP)) return { ext: 'webp', contentType: 'image/webp' };
  return null;
}
