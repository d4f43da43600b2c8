import { describe, expect, it } from 'vitest';
import { pathMatches, pathPatternLike } from './path-pattern';

describe('page-path patterns', () => {
  it("matches a path exactly, or any run of characters where the pattern has '*'", () => {
    expect(pathMatches('/pricing', '/pricing')).toBe(true);
    expect(pathMatches('/pricing', '/pricing/plans')).toBe(false);
    expect(pathMatches('/blog/*', '/blog/a/b')).toBe(true);
    expect(pathMatches('/blog/*', '/blog')).toBe(false);
    expect(pathMatches('*', '/anything')).toBe(true);
    expect(pathMatches('/a.b(c)', '/a.b(c)')).toBe(true);
    expect(pathMatches('/a.b', '/axb')).toBe(false);
  });

  it('writes the same pattern for SQL LIKE, with LIKE’s own wildcards taken literally', () => {
    expect(pathPatternLike('/blog/*')).toBe('/blog/%');
    expect(pathPatternLike('/100%_off\\*')).toBe('/100\\%\\_off\\\\%');
  });
});
