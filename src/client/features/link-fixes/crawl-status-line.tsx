import { formatDateTime, formatNumber } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { Plural, Trans } from '@lingui/react/macro';
import type { DomainReport } from './link-fixes-api';

/** Where a domain's latest crawl stands: not yet, done, failed or running. */
export function CrawlStatusLine({ domain }: { domain: DomainReport }) {
  const crawl = domain.crawl;
  if (!crawl)
    return (
      <p className="text-muted-foreground">
        <Trans>Not crawled yet.</Trans>
      </p>
    );
  if (crawl.status === 'done' && crawl.finishedAt)
    return (
      <p className="text-muted-foreground">
        <Trans>
          Crawled {formatDateTime(crawl.finishedAt)}:{' '}
          <Plural value={crawl.pagesDone} one="# URL checked" other="# URLs checked" />.
        </Trans>
      </p>
    );
  if (crawl.status === 'failed')
    return (
      <p className="text-destructive">
        <Trans>The last crawl failed.</Trans>
        {crawl.error && <span className="ms-1">{messageRefText(crawl.errorMessage, crawl.error)}</span>}
      </p>
    );
  return (
    <p className="text-muted-foreground" role="status">
      <Trans>
        Crawling: <Plural value={crawl.pagesDone} one="# URL checked" other="# URLs checked" />,{' '}
        {formatNumber(crawl.pagesQueued)} waiting.
      </Trans>
    </p>
  );
}
