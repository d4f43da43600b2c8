import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatNumber } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { checkLabels } from './check-labels';
import { useSeoPerformance } from './seo-api';

const percent = (score: number) => formatNumber(score / 100, { style: 'percent' });

/**
 * Spec 000 §2.5's SEO Performance card, from the latest crawls: the overall score, each site's score,
 * and the target keywords with their pages, and their Google Search Console position when it is connected.
 */
export function SeoPerformanceCard({
  demo = false,
  selectedWebsiteId = null,
}: {
  demo?: boolean;
  selectedWebsiteId?: number | null;
}) {
  const { t, i18n } = useLingui();
  const seo = useSeoPerformance(demo, selectedWebsiteId);
  const sites = seo.data?.sites ?? [];
  const keywords = sites.flatMap((s) => s.keywords.map((k) => ({ ...k, domain: s.domain })));
  return (
    <Card data-testid="seo-performance">
      <CardHeader>
        <CardTitle>
          <Trans>SEO Performance</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Scores from the latest crawl of each website (Lighthouse SEO and Yoast checks).</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <QueryState
          query={seo}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>SEO scores could not be loaded.</Trans>}
        >
          {(data) => (
            <>
              <div className="flex items-baseline justify-between gap-2">
                <span className="text-sm font-medium">
                  <Trans>Overall score</Trans>
                </span>
                <span className="text-2xl font-bold tabular-nums" data-testid="seo-overall">
                  {data.overallScore === null ? t`Not measured yet` : percent(data.overallScore)}
                </span>
              </div>
              <ul className="space-y-4">
                {sites.map((site) => (
                  <li key={site.websiteId} className="space-y-1" data-testid={`seo-site-${site.websiteId}`}>
                    <div className="flex items-center justify-between gap-2 text-sm">
                      <span className="min-w-0 truncate">{site.name}</span>
                      <span className="font-semibold tabular-nums">
                        {site.score === null ? t`Not crawled yet` : percent(site.score)}
                      </span>
                    </div>
                    {site.score !== null && (
                      <Progress value={site.score} aria-label={t`SEO score of ${site.name}`} />
                    )}
                    {site.rankError && (
                      <p className="text-xs text-destructive" data-testid="rank-error">
                        <Trans>
                          Search Console could not be read:{' '}
                          {messageRefText(site.rankErrorMessage, site.rankError)}
                        </Trans>
                      </p>
                    )}
                    {site.failingChecks.length > 0 && (
                      <p className="text-xs text-muted-foreground">
                        <Trans>
                          Top issue:{' '}
                          {i18n._(
                            checkLabels[site.failingChecks[0].id]?.title ?? { id: site.failingChecks[0].id },
                          )}{' '}
                          <Plural value={site.failingChecks[0].pages} one="(# page)" other="(# pages)" />
                        </Trans>
                        {checkLabels[site.failingChecks[0].id] && (
                          <span className="block">
                            {i18n._(checkLabels[site.failingChecks[0].id].advice)}
                          </span>
                        )}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
              <div className="space-y-2">
                <h3 className="text-sm font-medium">
                  <Trans>Top keywords</Trans>
                </h3>
                {!data.rankMeasured && (
                  <p className="text-xs text-muted-foreground" data-testid="rank-not-measured">
                    <Trans>Rank is not measured: connect Google Search Console to see positions.</Trans>
                  </p>
                )}
                {keywords.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>No target keywords set.</Trans>
                  </p>
                ) : (
                  <ul className="space-y-2 text-sm">
                    {keywords.map((k) => (
                      <li
                        key={`${k.domain} ${k.path} ${k.keyword}`}
                        className="flex flex-wrap items-center justify-between gap-2"
                      >
                        <span className="min-w-0">
                          <span className="font-medium">{k.keyword}</span>{' '}
                          <span className="break-all text-xs text-muted-foreground" dir="ltr">
                            {k.domain}
                            {k.path}
                          </span>
                        </span>
                        <span className="flex flex-wrap gap-1">
                          {k.rank && (
                            <Badge data-testid="keyword-rank">
                              {t`Position ${formatNumber(k.rank.position)}`}
                            </Badge>
                          )}
                          <Badge variant="secondary">
                            {k.pageScore === null
                              ? t`Page not crawled`
                              : t`Page score ${percent(k.pageScore)}`}
                          </Badge>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
