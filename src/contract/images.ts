/**
 * The images an upload may be (docs/design.md §7.6), written once: the sniffer below, the refusal
 * of anything else and the forms' file pickers all read this table.
 */
const IMAGE_TYPES = {
  png: { contentType: 'image/png', name: 'PNG' },
  jpg: { contentType: 'image/jpeg', name: 'JPEG' },
  webp: { contentType: 'image/webp', name: 'WebP' },
  gif: { contentType: 'image/gif', name: 'GIF' },
} as const;

export type ImageExt = keyof typeof IMAGE_TYPES;
export type SniffedImage = { ext: ImageExt; contentType: string };

const imageTypes = Object.values(IMAGE_TYPES);

/** What a file input offers to pick (its `accept`). */
export const IMAGE_ACCEPT = imageTypes.map((type) => type.contentType).join(',');

const names = imageTypes.map((type) => type.name);
/** 'PNG, JPEG, WebP or GIF'. */
const IMAGE_NAMES = `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

/** An image is at most this many pixels wide and high (docs/design.md §7.6); the server checks it when it decodes. */
export const MAX_IMAGE_PIXELS = 10_000;

/** The refusals of an image: not one of the types (both sides), and what only the server's decoder finds. */
export const imageMessages = {
  notAnImage: (label: string) => `The ${label} must be a ${IMAGE_NAMES} image.`,
  undecodable: (label: string, type: SniffedImage) => `The ${label} could not be read as a ${IMAGE_TYPES[type.ext].name} image.`,
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

const sniffed = (ext: ImageExt): SniffedImage => ({ ext, contentType: IMAGE_TYPES[ext].contentType });

function sniffSignature(bytes: Uint8Array): SniffedImage | null {
  if (hasAt(bytes, 0, PNG)) return sniffed('png');
  if (hasAt(bytes, 0, JPEG)) return sniffed('jpg');
  if (hasAt(bytes, 0, GIF87A) || hasAt(bytes, 0, GIF89A)) return sniffed('gif');
  // RIFF is a generic container (WAV, AVI too); bytes 8–11 name the format.
  if (hasAt(bytes, 0, RIFF) && hasAt(bytes, 8, WEBP)) return sniffed('webp');
  return null;
}
