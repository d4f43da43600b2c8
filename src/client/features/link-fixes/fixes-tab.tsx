import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { categoryLabels } from './fix-category-labels';
import { type FixCategory, fixCategories, type LinkFixReport } from './link-fixes-api';
import { reasonText } from './reason-text';

/** The Link Fixes tab: every fix, filtered by category, domain and criticality. */
export function FixesTab({ report }: { report: LinkFixReport }) {
  const { t, i18n } = useLingui();
  const [category, setCategory] = useState<FixCategory | 'all'>('all');
  const [domain, setDomain] = useState('all');
  const [criticalOnly, setCriticalOnly] = useState(false);
  const shown = report.fixes.filter(
    (f) =>
      (category === 'all' || f.category === category) &&
      (domain === 'all' || f.domain === domain) &&
      (!criticalOnly || f.critical),
  );
  return (
    <Card>
      <CardHeader className="space-y-4">
        <CardTitle className="text-base">
          <Trans>Every link fix</Trans>
        </CardTitle>
        <div className="flex flex-wrap items-center gap-3">
          <Select value={category} onValueChange={(v) => setCategory(v as FixCategory | 'all')}>
            <SelectTrigger className="w-56" aria-label={t`Category`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t`All categories`}</SelectItem>
              {fixCategories.map((c) => (
                <SelectItem key={c} value={c}>
                  {i18n._(categoryLabels[c])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={domain} onValueChange={setDomain}>
            <SelectTrigger className="w-56" aria-label={t`Domain`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t`All domains`}</SelectItem>
              {report.domains.map((d) => (
                <SelectItem key={d.domain} value={d.domain}>
                  {d.domain}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <div className="flex items-center gap-2">
            <Checkbox
              id="critical-only"
              checked={criticalOnly}
              onCheckedChange={(v) => setCriticalOnly(v === true)}
            />
            <Label htmlFor="critical-only">
              <Trans>Critical only</Trans>
            </Label>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No link fixes match.</Trans>
          </p>
        ) : (
          <ul className="divide-y text-sm" data-testid="fix-list">
            {shown.map((fix) => (
              <li
                key={`${fix.domain} ${fix.brokenUrl}`}
                className="grid gap-1 py-3 md:grid-cols-[1fr_1fr] md:gap-4"
              >
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={fix.critical ? 'destructive' : 'secondary'}>
                      {i18n._(categoryLabels[fix.category])}
                    </Badge>
                    <span className="text-xs text-muted-foreground">{fix.domain}</span>
                  </div>
                  <p className="break-all font-medium">{fix.brokenUrl}</p>
                  <p className="break-all text-muted-foreground">
                    {fix.fixedUrl ?? <Trans>No fix found</Trans>}
                  </p>
                </div>
                <div className="min-w-0 space-y-1 text-muted-foreground">
                  <p>{reasonText(fix)}</p>
                  <p className="text-xs">
                    <Plural value={fix.sources.length} one="# source page" other="# source pages" />
                  </p>
                  {fix.category === 'broken-resource' && (
                    // A subresource is fixed in the page that loads it: say which element, on which page.
                    <ul className="space-y-0.5 text-xs" data-testid="resource-references">
                      {fix.references.map(({ source, element }) => (
                        <li key={`${source} ${element}`} className="break-all">
                          {t`Loaded by ${element} on ${source}`}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
