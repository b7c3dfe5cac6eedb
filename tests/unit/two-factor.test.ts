import { describe, expect, it } from 'vitest';
import { InputError } from '#src/contract/errors.ts';
import { multilineText } from '#src/contract/text.ts';
import { levelCovers, refuseLockingLevel } from '#src/domain/two-factor.ts';

const admin = { roleId: 1, isAdmin: 1 };
const manager = { roleId: 2, isAdmin: 0 };
const sales = { roleId: 3, isAdmin: 0 };

describe('the two-factor level (docs/design.md §8)', () => {
  it('covers nobody, admins, admins and managers, everyone', () => {
    const covered = ([0, 1, 2, 3] as const).map((level) => [admin, manager, sales].map((user) => levelCovers(level, user)));
    expect(covered).toEqual([
      [false, false, false],
      [true, false, false],
      [true, true, false],
      [true, true, true],
    ]);
  });

  it('refuses every level that covers an admin without a second factor, which is every admin for now', () => {
    expect(() => refuseLockingLevel(0, admin)).not.toThrow();
    expect(() => refuseLockingLevel(undefined, admin)).not.toThrow();
    for (const level of [1, 2, 3] as const) {
      expect(() => refuseLockingLevel(level, admin)).toThrow(InputError);
    }
  });
});

describe('multilineText', () => {
  const schema = multilineText('text');
  it('keeps line breaks, CR LF as LF', () => {
    expect(schema.parse('a\r\nb\nc')).toBe('a\nb\nc');
  });
  it('refuses a lone CR, a tab and other control characters', () => {
    for (const value of ['a\rb', 'a\tb', 'a\u0000', 'a\u0085b']) expect(schema.safeParse(value).success).toBe(false);
  });
});
