import { AppError } from '@domain/app-error';
import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../http/outbound-error.js';
import { crawlFailure } from './crawler.js';
import { parseHtmlPage } from './html-page.js';

describe('a failed crawl’s stored reason', () => {
  it('is an AppError’s catalogued message, or a generic line that keeps any other error’s text out', () => {
    expect(crawlFailure(new OutboundError('timeout'))).toMatchObject({
      id: 'outbound.timeout',
      text: 'The remote server did not answer in time.',
    });
    const generic = {
      id: 'siteHealth.crawlFailed',
      text: 'The crawl stopped because of an error on our side.',
    };
    expect(crawlFailure(new TypeError('Invalid URL: postgres://secret@db/x'))).toMatchObject(generic);
    expect(crawlFailure(new AppError('bad_request', 'an uncatalogued line'))).toMatchObject(generic);
    expect(crawlFailure('thrown text')).toMatchObject(generic);
  });
});

describe('parseHtmlPage subresources', () => {
  it('names what a page loads with its element, srcset candidates included, data: URLs left out', () => {
    const page =
      parseHtmlPage(`<html><head><link rel="stylesheet" href="/a.css"><link rel="canonical" href="/x">
      <link rel="icon" href="/i.ico"><script src="/s.js"></script></head><body>
      <img src="/p.png" srcset="/p-1.png 1x, /p-2.png 2x"><img src="data:image/png;base64,AAAA">
      <picture><source srcset="/q.webp 640w,/q2.webp 1280w"></picture><video src="/v.mp4" poster="/v.jpg"></video>
      <a href="/page">Page</a></body></html>`);
    expect(page.resources).toEqual([
      { url: '/a.css', element: 'link[rel=stylesheet][href]' },
      { url: '/i.ico', element: 'link[rel=icon][href]' },
      { url: '/s.js', element: 'script[src]' },
      { url: '/p.png', element: 'img[src]' },
      { url: '/p-1.png', element: 'img[srcset]' },
      { url: '/p-2.png', element: 'img[srcset]' },
      { url: '/q.webp', element: 'source[srcset]' },
      { url: '/q2.webp', element: 'source[srcset]' },
      { url: '/v.mp4', element: 'video[src]' },
      { url: '/v.jpg', element: 'video[poster]' },
    ]);
    expect(page.links.map((l) => l.href)).toEqual(['/page']);
  });
});
