import { describe, expect, it } from 'vitest';
import { parseRobots } from './robots.js';

describe('robots.txt (RFC 9309)', () => {
  const text = [
    '# comment',
    'User-agent: *',
    'Disallow: /private/',
    'Allow: /private/open',
    'Disallow: /*.pdf$',
    'Crawl-delay: 2',
    '',
    'User-agent: OtherBot',
    'Disallow: /',
    '',
    'Sitemap: https://example.com/sitemap.xml',
  ].join('\n');

  it('applies the longest matching rule, allow winning a tie, with * and $ patterns', () => {
    const robots = parseRobots(text, 'BusinessHub');
    expect(robots.allows('/')).toBe(true);
    expect(robots.allows('/private/secret')).toBe(false);
    expect(robots.allows('/private/open')).toBe(true);
    expect(robots.allows('/files/report.pdf')).toBe(false);
    expect(robots.allows('/files/report.pdf?x=1')).toBe(true);
    expect(robots.crawlDelaySeconds).toBe(2);
    expect(robots.sitemaps).toEqual(['https://example.com/sitemap.xml']);
    expect(robots.invalidLines).toEqual([]);
  });

  it('prefers the group naming our product token over *', () => {
    const robots = parseRobots(
      'User-agent: *\nDisallow: /\n\nUser-agent: businesshub\nDisallow: /admin',
      'BusinessHub',
    );
    expect(robots.allows('/page')).toBe(true);
    expect(robots.allows('/admin/x')).toBe(false);
  });

  it('reports lines that do not parse, and rules outside any group', () => {
    const robots = parseRobots(
      'Disallow: /early\n<html>\nUser-agent: *\nDisalow: /typo\nCrawl-delay: soon',
      'BusinessHub',
    );
    expect(robots.invalidLines).toEqual([1, 2, 4, 5]);
    expect(robots.allows('/early')).toBe(true);
  });

  it('treats an empty Disallow as allowing everything', () => {
    expect(parseRobots('User-agent: *\nDisallow:', 'BusinessHub').allows('/anything')).toBe(true);
  });
});
