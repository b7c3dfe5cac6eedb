import { describe, expect, it } from 'vitest';
import { auditFilters } from '#src/contract/audit.ts';
import { loginRequest } from '#src/contract/auth.ts';
import { optionalIdField, priceField } from '#src/contract/fields.ts';
import { modelFilters } from '#src/contract/models.ts';
import { pagedRequest } from '#src/contract/common.ts';

// A tab or a line break is blank to trim() but a control character (docs/design.md §7.6): an
// optional filter given only "\t" is refused, not read as missing (the fuzz found audit's userId).
describe('blank values with control characters', () => {
  it('refuses a tab as an optional id instead of ignoring it', () => {
    expect(optionalIdField().safeParse('\t').success).toBe(false);
    expect(optionalIdField().safeParse('\n').success).toBe(false);
    expect(optionalIdField().safeParse('  ').data).toBeUndefined();
    // Nor beside a number: ' 1 ' is 1, '\t1' is refused.
    expect(optionalIdField().safeParse(' 1 ').data).toBe(1);
    expect(optionalIdField().safeParse('\t1').success).toBe(false);
    expect(pagedRequest(modelFilters, 30).safeParse({ page: '\t2' }).success).toBe(false);
  });

  it('refuses a tab in every optional filter and in a username, the same rule everywhere', () => {
    for (const key of ['from', 'to', 'action', 'entityType', 'userId'] as const) {
      expect(auditFilters.safeParse({ [key]: '\t' }).success, key).toBe(false);
      expect(auditFilters.safeParse({ [key]: ' ' }).success, key).toBe(true);
    }
    for (const key of ['status', 'lowStock', 'brandId'] as const) expect(modelFilters.safeParse({ [key]: '\t' }).success, key).toBe(false);
    expect(loginRequest.safeParse({ username: '\t', password: 'x' }).error?.issues[0]?.message).toBe(
      'This field may not contain control characters.',
    );
  });

  it('keeps spaces alone as a missing required value', () => {
    const price = priceField('Please enter price.');
    expect(price.safeParse('  ').error?.issues[0]?.message).toBe('Please enter price.');
    expect(price.safeParse('\t').error?.issues[0]?.message).not.toBe('Please enter price.');
  });
});
