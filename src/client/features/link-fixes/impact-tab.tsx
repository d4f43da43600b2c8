import { PageLoader } from '@client/components/page-loader';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatMoney, formatNumber } from '@client/i18n/format';
import type { SiteFinding } from '@domain/link-fixes/finding-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { categoryLabels } from './fix-category-labels';
import { useSiteFindings } from './link-fixes-api';
import { reasonText } from './reason-text';

/** The Impact tab (issue 33 §2): the latest crawls' findings ordered by what they cost the business. */
export function ImpactTab({ websiteId }: { websiteId: number | null }) {
  const { t } = useLingui();
  const findings = useSiteFindings(websiteId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <Trans>Findings by business impact</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Ordered by impact: page views of the source pages in the last 30 days, form conversions, the
            emails that link here, and the contacts and open deals whose visitors saw those pages.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={findings}
          loading={<PageLoader label={t`Loading findings...`} />}
          isEmpty={(data) => data.findings.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>No broken links or redirect chains in the latest crawls.</Trans>
            </p>
          }
        >
          {(data) => (
            <ol className="divide-y text-sm" data-testid="impact-list">
              {data.findings.map((f) => (
                <FindingItem key={`${f.websiteId} ${f.url}`} finding={f} />
              ))}
            </ol>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function FindingItem({ finding: f }: { finding: SiteFinding }) {
  const { t, i18n } = useLingui();
  const emails = [...f.campaigns, ...f.workflows].map((e) => e.name).join(', ');
  const more = (shown: number, all: number) => (all > shown ? ` +${formatNumber(all - shown)}` : '');
  return (
    <li className="space-y-1.5 py-3" data-testid="impact-finding">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="destructive">{i18n._(categoryLabels[f.category])}</Badge>
        <Badge variant="outline" data-testid="impact-score">
          {t`Impact ${formatNumber(f.score)}`}
        </Badge>
        {f.task && (
          <Badge variant="secondary">{f.task.status === 'done' ? t`Task done` : t`Task open`}</Badge>
        )}
        <span className="text-xs text-muted-foreground">{f.domain}</span>
      </div>
      <p className="break-all font-medium">{f.url}</p>
      {f.finalUrl && <p className="break-all text-muted-foreground">{t`Redirects to ${f.finalUrl}`}</p>}
      <p className="text-muted-foreground">{reasonText(f)}</p>
      <p>
        {t`Page views (30 days): ${formatNumber(f.pageViews)}`} ·{' '}
        {t`Form conversions: ${formatNumber(f.formConversions)}`}
      </p>
      <ul className="space-y-0.5 text-xs text-muted-foreground">
        {f.sources.map((s) => (
          <li key={s.url} className="break-all">
            {t`Linked from ${s.url}`}
            {s.anchors.length > 0 && ` (“${s.anchors.join('”, “')}”)`}
          </li>
        ))}
      </ul>
      {emails && <p>{t`Emails linking here: ${emails}`}</p>}
      {f.contactCount > 0 && (
        <p>
          {t`Contacts who viewed these pages: ${f.contacts.map((c) => c.name).join(', ')}`}
          {more(f.contacts.length, f.contactCount)}
        </p>
      )}
      {f.dealCount > 0 && (
        <p>
          {t`Open deals: ${f.deals.map((d) => `${d.name} (${formatMoney(d.valueCents, { currency: d.currency })})`).join(', ')}`}
          {more(f.deals.length, f.dealCount)}
        </p>
      )}
      {f.snippet && (
        <details>
          <summary className="cursor-pointer text-primary">
            <Trans>Proposed fix</Trans>
          </summary>
          <pre className="mt-1 overflow-x-auto rounded bg-muted p-2 text-xs">{f.snippet}</pre>
        </details>
      )}
    </li>
  );
}
