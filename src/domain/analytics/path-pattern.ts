/**
 * A page-path pattern of the "visited a page" trigger: '*' stands for any run of characters, everything
 * else for itself ('/pricing' is that page only, '/blog/*' every post, '*' any page). Paths are compared
 * as the tracker records them: the URL's path, without its query.
 */
export function pathMatches(pattern: string, path: string): boolean {
  const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's').test(path);
}

/** The same pattern as a SQL LIKE pattern (escape character: backslash). */
export function pathPatternLike(pattern: string): string {
  return pattern.replace(/[\\%_]/g, '\\$&').replaceAll('*', '%');
}
