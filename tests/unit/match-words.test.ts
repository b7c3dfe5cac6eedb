import { describe, expect, it } from 'vitest';
import { matchesWords } from '#src/lib/match-words.ts';

describe('matchesWords: the stock picker’s search (docs/design.md §8.8)', () => {
  const text = 'Gree Fairy GS-12FITH1W';

  it('finds any part of the text, in any case', () => {
    expect(matchesWords(text, 'gree')).toBe(true);
    expect(matchesWords(text, 'AIRY')).toBe(true);
    expect(matchesWords(text, '12fith')).toBe(true);
    expect(matchesWords(text, 'haier')).toBe(false);
  });

  it('wants every word typed, in any order', () => {
    expect(matchesWords(text, 'fith gree')).toBe(true);
    expect(matchesWords(text, '  gree   fairy ')).toBe(true);
    expect(matchesWords(text, 'gree pular')).toBe(false);
  });

  it('matches everything while nothing is typed', () => {
    expect(matchesWords(text, '')).toBe(true);
    expect(matchesWords(text, '   ')).toBe(true);
  });
});
