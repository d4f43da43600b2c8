import { describe, expect, it } from 'vitest';
import { siteHealthSettingsFormSchema } from './crawl-schemas';

const valid = { startUrl: '', pageBudget: 500, maxDepth: 5, keywords: [{ path: '/about', keyword: 'shop' }] };
const messages = (input: unknown) =>
  siteHealthSettingsFormSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('the crawl settings form schema', () => {
  it('takes an empty start address (the website’s domain) or an http(s) address', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, startUrl: 'https://shop.example.com/start' })).toEqual([]);
  });

  it('names each refused field with its catalogued message', () => {
    expect(
      messages({
        startUrl: 'ftp://shop.example.com',
        pageBudget: 0,
        maxDepth: Number.NaN,
        keywords: [{ path: 'about', keyword: ' ' }],
      }),
    ).toEqual([
      ['startUrl', 'Enter an http or https address'],
      ['pageBudget', 'Enter a whole number from 1 to 20000'],
      ['maxDepth', 'Enter a whole number from 0 to 50'],
      ['keywords.0.path', 'A path starts with /'],
      ['keywords.0.keyword', 'Enter a keyword'],
    ]);
  });
});
