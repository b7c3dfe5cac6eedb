import { describe, expect, it } from 'vitest';
import { loginSearch, returnPath } from '#src/lib/return-path.ts';

describe('returnPath: where sign-in leads back to (docs/design.md §8.8)', () => {
  it('keeps a path of this site with its search and hash', () => {
    expect(returnPath('/models?brandId=3&page=2')).toBe('/models?brandId=3&page=2');
    expect(returnPath('/models/log-model/7')).toBe('/models/log-model/7');
    expect(returnPath('/audit?search=a%20b#top')).toBe('/audit?search=a%20b#top');
  });

  it.each([
    '//evil.com',
    '//evil.com/models',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/ /evil.com',
    'https://evil.com/models',
    'http:evil.com',
    'javascript:alert(1)',
    'evil.com',
    'models',
    '',
  ])('refuses %j, which is not a path of this site', (value) => {
    expect(returnPath(value)).toBeUndefined();
  });

  it('refuses the login screen itself, what is not text, and an address too long to be one', () => {
    expect(returnPath('/login?redirect=/models')).toBeUndefined();
    expect(returnPath(undefined)).toBeUndefined();
    expect(returnPath(['/models'])).toBeUndefined();
    expect(returnPath(`/models?search=${'a'.repeat(2000)}`)).toBeUndefined();
  });
});

describe('loginSearch: what a signed-out visit hands the login screen', () => {
  it('names the address asked for, but not the dashboard', () => {
    expect(loginSearch('/models?brandId=3&page=2')).toEqual({ redirect: '/models?brandId=3&page=2' });
    expect(loginSearch('/')).toEqual({});
  });
});
