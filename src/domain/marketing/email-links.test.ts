import { describe, expect, it } from 'vitest';
import { emailLinks } from './email-links';

describe('emailLinks', () => {
  it('finds each linked or loaded address once, without fragments or merge fields', () => {
    const body = `<p>Hi {{firstName}}, see <a href="https://shop.example/sale?a=1&amp;b=2#top">the sale</a>
      and https://shop.example/sale?a=1&b=2. <img src="http://cdn.example/x.png">
      <a href="https://shop.example/u/{{email}}">me</a> <a href="mailto:x@example.com">mail</a></p>`;
    expect(emailLinks(body)).toEqual(['https://shop.example/sale?a=1&b=2', 'http://cdn.example/x.png']);
  });
});
