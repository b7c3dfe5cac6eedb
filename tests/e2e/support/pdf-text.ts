import { inflateSync } from 'node:zlib';

// Just enough of PDF to read the text of each page Chromium prints (Skia's writer): no package of
// ours reads PDF, and CI installs none. Skia writes plain numbered objects (no object streams),
// pages under one /Pages, Flate-compressed content, and text as hex glyph ids (`<0036004B> Tj`,
// `[<…> 12 <…>] TJ`) of Type0 fonts whose /ToUnicode CMap gives each id its characters.

type PdfObject = { dict: string; stream: Buffer | null };

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const at = body.indexOf('stream');
    if (at === -1) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    let start = match.index + match[0].indexOf(body) + at + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const raw = pdf.subarray(start, start + Number(/\/Length (\d+)/.exec(dict)?.[1]));
    objects.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return objects;
}

const reference = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
const hex = (digits: string) => parseInt(digits, 16);
const characters = (digits: string) => String.fromCharCode(...(digits.match(/.{4}/g) ?? []).map(hex));

/** A font's glyph ids to characters, from its ToUnicode CMap (bfchar and bfrange entries). */
function glyphMap(objects: Map<number, PdfObject>, font: PdfObject): Map<number, string> {
  const map = new Map<number, string>();
  const cmap = objects.get(reference(font.dict, 'ToUnicode'))?.stream?.toString('latin1') ?? '';
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, id, to] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(hex(id!), characters(to!));
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, first, last, to] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      for (let id = hex(first!); id <= hex(last!); id++) map.set(id, String.fromCharCode(hex(to!) + id - hex(first!)));
  return map;
}

/**
 * The text each page shows, in the order it is drawn. Kerning and positioning split words into
 * runs, and spaces are often positions rather than glyphs, so compare without whitespace (`squash`).
 */
export function pdfPageTexts(pdf: Buffer): string[] {
  const objects = readObjects(pdf);
  const tree = [...objects.values()].find((object) => /\/Type \/Pages\b/.test(object.dict));
  const kids = /\/Kids \[([^\]]*)\]/.exec(tree?.dict ?? '')?.[1]?.match(/\d+ 0 R/g) ?? [];
  return kids.map((kid) => {
    const page = objects.get(Number(kid.split(' ')[0]))!;
    const fontEntries = /\/Font <<([^>]*)>>/.exec(page.dict)?.[1] ?? '';
    const fonts = new Map(
      [...fontEntries.matchAll(/\/(\w+) (\d+) 0 R/g)].map(([, name, id]) => [name!, glyphMap(objects, objects.get(Number(id))!)]),
    );
    const content = objects.get(reference(page.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    let font: Map<number, string> | undefined;
    const runs: string[] = [];
    for (const [, name, shown] of content.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]|<[0-9A-Fa-f]*>)\s*T[Jj]/g)) {
      if (name) font = fonts.get(name);
      else
        runs.push(
          [...shown!.matchAll(/<([0-9A-Fa-f]*)>/g)]
            .flatMap(([, digits]) => digits!.match(/.{4}/g) ?? [])
            .map((id) => font?.get(hex(id)) ?? '')
            .join(''),
        );
    }
    return runs.join(' ');
  });
}

/** Text without whitespace, to compare what a PDF shows whatever its runs and spacing. */
export const squash = (text: string) => text.replace(/\s+/g, '');
