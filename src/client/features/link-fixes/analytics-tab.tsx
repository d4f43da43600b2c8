import { QueryState } from '@client/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { Trans } from '@lingui/react/macro';
import { useLinkHealthHistory } from './link-fixes-api';

/** The Analytics tab: each site's link health across its crawls (the sidebar's website alone when chosen). */
export function AnalyticsTab({ demo, websiteId }: { demo: boolean; websiteId: number | null }) {
  const history = useLinkHealthHistory(demo, websiteId);
  return (
    <QueryState query={history} errorTitle={<Trans>Failed to load deployment data. Please try again.</Trans>}>
      {(sites) => (
        <div className="grid gap-4 lg:grid-cols-2">
          {sites.map((site) => (
            <Card key={site.websiteId}>
              <CardHeader>
                <CardTitle className="break-all text-base">{site.domain}</CardTitle>
                <CardDescription>
                  <Trans>Link health across crawls</Trans>
                </CardDescription>
              </CardHeader>
              <CardContent>
                {site.crawls.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>Not crawled yet.</Trans>
                  </p>
                ) : (
                  <table className="w-full text-sm">
                    <thead>
                      <tr className="text-start text-xs text-muted-foreground">
                        <th className="pb-2 text-start font-medium">
                          <Trans>Crawl</Trans>
                        </th>
                        <th className="pb-2 text-end font-medium">
                          <Trans>Pages</Trans>
                        </th>
                        <th className="pb-2 text-end font-medium">
                          <Trans>Broken</Trans>
                        </th>
                        <th className="pb-2 text-end font-medium">
                          <Trans>SEO score</Trans>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {site.crawls.map((c) => (
                        <tr key={c.crawlId} className="border-t">
                          <td className="py-2">{c.finishedAt ? formatDateTime(c.finishedAt) : '—'}</td>
                          <td className="py-2 text-end tabular-nums">
                            {c.pages === null ? '—' : formatNumber(c.pages)}
                          </td>
                          <td className="py-2 text-end tabular-nums">
                            {c.broken === null ? '—' : formatNumber(c.broken)}
                          </td>
                          <td className="py-2 text-end tabular-nums">
                            {c.seoScore === null ? '—' : formatNumber(c.seoScore)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </QueryState>
  );
}
