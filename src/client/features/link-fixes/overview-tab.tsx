import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatNumber } from '@client/i18n/format';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { categoryLabels } from './fix-category-labels';
import { fixCategories, type LinkFixReport } from './link-fixes-api';
import { reasonText } from './reason-text';

/** The Overview tab: the issues by category and the critical ones. */
export function OverviewTab({ report }: { report: LinkFixReport }) {
  const { i18n } = useLingui();
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">
            <Trans>Issues by category</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-2 text-sm" data-testid="issues-by-category">
            {fixCategories.map((category) => (
              <li key={category} className="flex justify-between gap-2">
                <span>{i18n._(categoryLabels[category])}</span>
                <span className="font-semibold tabular-nums">
                  {formatNumber(report.fixesByCategory[category])}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">
            <Trans>Critical issues</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Broken links on many pages or on the home page.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {report.criticalFixes.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No critical issues.</Trans>
            </p>
          ) : (
            <ul className="divide-y text-sm" data-testid="critical-fixes">
              {report.criticalFixes.map((fix) => (
                <li key={`${fix.domain} ${fix.brokenUrl}`} className="space-y-1 py-3">
                  <p className="break-all font-medium text-destructive">{fix.brokenUrl}</p>
                  <p className="break-all">
                    {fix.fixedUrl ? (
                      <>
                        <span aria-hidden="true">→ </span>
                        {fix.fixedUrl}
                      </>
                    ) : (
                      <span className="text-muted-foreground">
                        <Trans>No fix found</Trans>
                      </span>
                    )}
                  </p>
                  <p className="text-muted-foreground">{reasonText(fix)}</p>
                  <p className="text-xs text-muted-foreground">
                    <Plural value={fix.sources.length} one="# source page" other="# source pages" />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
