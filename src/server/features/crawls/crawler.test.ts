import { AppError } from '@domain/app-error';
import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../http/outbound-error.js';
import { crawlFailure } from './crawler.js';

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
