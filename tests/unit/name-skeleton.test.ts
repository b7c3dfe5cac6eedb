import unhomoglyph from 'unhomoglyph';
import { describe, expect, it } from 'vitest';
import { nameSkeletons, usernameSkeleton } from '#src/domain/skeleton.ts';
import { nameKey } from '#src/domain/names.ts';

// docs/design.md §8.9: which names of brands, series and models look alike, and which do not.
// A name is taken when either of its skeletons is another's (or its key is, for case variants).

const lookAlike = (a: string, b: string) => {
  const [x, y] = [nameSkeletons(a), nameSkeletons(b)];
  return x.shown === y.shown || x.capitals === y.capitals;
};

describe('nameSkeletons', () => {
  it.each([
    ['\u0410\u0421-1', 'AC-1', 'Cyrillic А and С'],
    ['\u0430\u0441-1', 'AC-1', 'small Cyrillic а and с, beside capitals'],
    ['ACM\u201112\u2011INV', 'ACM-12-INV', 'U+2011 non-breaking hyphens'],
    ['ACM\u221212', 'ACM-12', 'a minus sign'],
    ['\u041a\u041c-12', 'KM-12', 'Cyrillic capitals whose small letters look like no Latin ones'],
    ['\u041a\u041c-12', 'km-12', 'the same, beside small Latin letters'],
    ['\u0396\u0395\u03a4\u0391', 'ZETA', 'Greek capitals'],
    ['\u0399\u039f\u039d', 'ION', 'a Greek capital iota'],
    ['ACM-1O', 'ACM-10', 'a capital O for a zero'],
    ['HAIER', 'HAlER', 'a capital I and a small l'],
    ['corn', 'com', "'rn' and 'm'"],
    ['\uff21\uff23\uff0d\uff11', 'AC-1', 'full-width forms'],
    ['  AC-1 ', 'AC-1', 'spaces around'],
  ])('%s looks like %s (%s)', (name, other) => {
    expect(lookAlike(name, other)).toBe(true);
  });

  it.each([
    ['RN-12', 'M-12'],
    ['HAIER', 'HALER'],
    ['\u0399\u039f\u039d', 'LON'],
    ['AC-1', 'AC-2'],
  ])('%s does not look like %s', (name, other) => {
    expect(lookAlike(name, other)).toBe(false);
  });

  it("is unhomoglyph's skeleton, character by character (as the migrations and stored digests have it)", () => {
    const codes = [...Array.from({ length: 0x3400 }, (_, i) => i + 0x20), 0x1d400, 0x1d5a0, 0x1f170];
    const all = String.fromCodePoint(...codes.filter((code) => code < 0xd800 || code > 0xdfff));
    for (let start = 0; start < all.length; start += 200) {
      const text = all.slice(start, start + 200);
      const expected = unhomoglyph(text.normalize('NFKC').trim().normalize('NFD')).normalize('NFD');
      expect(nameSkeletons(text).shown).toBe(expected);
      expect(usernameSkeleton(text)).toBe(unhomoglyph(nameKey(text).normalize('NFD')).normalize('NFD'));
    }
  });
});
