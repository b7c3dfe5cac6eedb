import unhomoglyph from 'unhomoglyph';
import { normalizeName } from '#src/contract/text.ts';
import { nameKey } from './names.ts';

// unhomoglyph's data maps single code points only, so replacing each code point by its prototype
// is what unhomoglyph(text) does; remembering each prototype spares running its 6,000-way regular
// expression over every name (an import preview compares thousands: four times slower without).
// Only code points below U+3000 are remembered, so what a stranger sends cannot grow the map much.
const prototypes = new Map<string, string>();
function prototypesOf(text: string): string {
  let mapped = '';
  for (const c of text) {
    let prototype = prototypes.get(c);
    if (prototype === undefined) {
      prototype = unhomoglyph(c);
      if (c < '\u3000') prototypes.set(c, prototype);
    }
    mapped += prototype;
  }
  return mapped;
}

/** UTS #39: NFD, each character replaced by its prototype from confusables.txt (the `unhomoglyph` data), NFD again. */
const skeleton = (text: string): string => prototypesOf(text.normalize('NFD')).normalize('NFD');

/**
 * A username's UTS #39 skeleton. Two usernames with one skeleton look alike (`аdmin` with a
 * Cyrillic 'а' is `admin`), so they may not both exist. Taken of the name key, so case and NFKC
 * variants fall together too.
 */
export const usernameSkeleton = (username: string): string => skeleton(nameKey(username));

type NameSkeletons = { readonly shown: string; readonly capitals: string };

// A name's skeletons are asked for again and again, each time at the cost of five normalisations
// and a prototype per character: an import's preview and then its apply check every model of the
// catalogue and every row, and the apply writes the rows' skeletons with the new models
// (server/repositories/unique.ts). So they are kept by name, up to KEPT_CHARS characters of names
// and skeletons (8 MB at most); past that all are let go, so names sent by anyone never grow the
// process further. 20,000 names (a catalogue and a file) asked again: 3 ms against 14 (best of 20).
const KEPT_CHARS = 4_000_000;
const kept = new Map<string, NameSkeletons>();
let keptChars = 0;
function keep(name: string, skeletons: NameSkeletons) {
  const chars = name.length + skeletons.shown.length + skeletons.capitals.length;
  if (keptChars + chars > KEPT_CHARS) {
    kept.clear();
    keptChars = 0;
  }
  kept.set(name, skeletons);
  keptChars += chars;
}

/**
 * The two skeletons a brand's, series' or model's name is unique by within its parent (§8.9),
 * beside its key. `shown`: of the name as it is stored and shown (NFKC, so U+2011 is already
 * U+2010, whose prototype is '-'), in its case, since capitals look alike where small letters do
 * not: Cyrillic 'КМ-12' is 'KM-12' and 'ACM-1O' is 'ACM-10' (the lower-cased key's skeleton, as
 * usernames have, would miss both and join 'RN-12' with 'M-12', as 'm' looks like 'rn').
 * `capitals`: of the name in capitals, so a look-alike of another case of a name is taken too:
 * 'КМ-12' beside 'km-12'. Neither alone is enough: in capitals, 'HAlER' with a small 'l' is no
 * longer 'HAIER'.
 */
export function nameSkeletons(name: string): NameSkeletons {
  let skeletons = kept.get(name);
  if (skeletons === undefined) {
    const shown = normalizeName(name);
    skeletons = { shown: skeleton(shown), capitals: skeleton(shown.toUpperCase()) };
    keep(name, skeletons);
  }
  return skeletons;
}
