import unhomoglyph from 'unhomoglyph';
import { nameKey } from './names.ts';

/**
 * A name's UTS #39 skeleton: NFD, each character replaced by its prototype from Unicode's
 * confusables.txt (the `unhomoglyph` data), NFD again. Two names with one skeleton look alike
 * (`аdmin` with a Cyrillic 'а' is `admin`; 'АС-1' in Cyrillic is 'AC-1'; U+2011 and the other
 * hyphens are '-'), so they may not both exist: usernames, and brands, series and models within
 * their parent. Taken of the name key, so case and NFKC variants fall together too.
 */
export const nameSkeleton = (name: string): string => unhomoglyph(nameKey(name).normalize('NFD')).normalize('NFD');
