import unhomoglyph from 'unhomoglyph';
import { nameKey } from './names.ts';

/**
 * A username's UTS #39 skeleton: NFD, each character replaced by its prototype from Unicode's
 * confusables.txt (the `unhomoglyph` data), NFD again. Two usernames with one skeleton look
 * alike (`аdmin` with a Cyrillic 'а' is `admin`), so they may not both exist. Taken of the
 * name key, so case and NFKC variants fall together too.
 */
export const usernameSkeleton = (username: string): string => unhomoglyph(nameKey(username).normalize('NFD')).normalize('NFD');
