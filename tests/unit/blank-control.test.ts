import { describe, expect, it } from 'vitest';
import { optionalIdField, priceField } from '#src/contract/fields.ts';

// A tab or a line break is blank to trim() but a control character (docs/design.md §7.6): an
// optional filter given only "\t" is refused, not read as missing (the fuzz found audit's userId).
describe('blank values with control characters', () => {
  it('refuses a tab as an optional id instead of ignoring it', () => {
    expect(optionalIdField().safeParse('\t').success).toBe(false);
    expect(optionalIdField().safeParse('\n').success).toBe(false);
    expect(optionalIdField().safeParse('  ').data).toBeUndefined();
  });

  it('keeps spaces alone as a missing required value', () => {
    const price = priceField('Please enter price.');
    expect(price.safeParse('  ').error?.issues[0]?.message).toBe('Please enter price.');
    expect(price.safeParse('\t').error?.issues[0]?.message).not.toBe('Please enter price.');
  });
});
