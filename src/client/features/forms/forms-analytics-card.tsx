import { QueryState } from '@client/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatNumber } from '@client/i18n/format';
import type { AnalyticsRange } from '@domain/analytics/analytics-schemas';
import { formRefusalReasons } from '@domain/forms/form-schemas';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { conversionText } from './form-figures';
import { useFormsReport } from './forms-api';

/** The analytics tab's forms card: views, submissions, conversion and refusals of each form over the range. */
export function FormsAnalyticsCard({ range }: { range: AnalyticsRange }) {
  const report = useFormsReport(range);
  return (
    <Card data-testid="forms-analytics">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <Trans>Lead forms</Trans>
        </CardTitle>
        <Link href="/forms" className="text-sm text-primary hover:underline">
          <Trans>Open forms</Trans>
        </Link>
      </CardHeader>
      <CardContent>
        <QueryState
          query={report}
          loading={<Skeleton className="h-24 w-full" />}
          errorTitle={<Trans>The forms’ figures could not be loaded.</Trans>}
          isEmpty={(data) => data.forms.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>No forms yet. Build one to turn visitors into contacts.</Trans>
            </p>
          }
        >
          {(data) => (
            <div className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>
                      <Trans>Form</Trans>
                    </TableHead>
                    <TableHead className="text-end">
                      <Trans>Views</Trans>
                    </TableHead>
                    <TableHead className="text-end">
                      <Trans>Submissions</Trans>
                    </TableHead>
                    <TableHead className="text-end">
                      <Trans>Conversion rate</Trans>
                    </TableHead>
                    <TableHead className="text-end">
                      <Trans>Refused</Trans>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {[...data.forms, { id: 0, name: null, figures: data.totals }].map((row) => (
                    <TableRow key={row.id} className={row.name === null ? 'font-semibold' : undefined}>
                      <TableCell>{row.name ?? <Trans>All forms</Trans>}</TableCell>
                      <TableCell className="text-end">{formatNumber(row.figures.views)}</TableCell>
                      <TableCell className="text-end">{formatNumber(row.figures.submissions)}</TableCell>
                      <TableCell className="text-end">{conversionText(row.figures)}</TableCell>
                      <TableCell className="text-end">
                        {formatNumber(formRefusalReasons.reduce((sum, r) => sum + row.figures.refused[r], 0))}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
