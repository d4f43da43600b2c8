import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';
import type { EcosystemApp } from '@domain/ecosystem/ecosystem-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { categoryLabels } from './app-category-labels';
import { dollars } from './dollars';

/** An app of the ecosystem: its category, description, prices and first features; its name selects it. */
export function EcosystemAppCard({
  app,
  selected,
  onToggle,
}: {
  app: EcosystemApp;
  selected: boolean;
  onToggle: () => void;
}) {
  const { i18n } = useLingui();
  const p = app.pricing;
  return (
    <Card className={cn('flex flex-col', selected && 'ring-2 ring-primary')}>
      <CardHeader>
        <div className="flex items-start gap-2">
          <CardTitle className="text-lg">
            <button
              type="button"
              onClick={onToggle}
              aria-pressed={selected}
              className="text-start hover:underline"
            >
              {app.name}
            </button>
          </CardTitle>
          <a
            href={app.url}
            target="_blank"
            rel="noreferrer"
            className="ms-auto text-muted-foreground hover:text-foreground"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">
              <Trans>Open {app.name}</Trans>
            </span>
          </a>
        </div>
        <Badge variant="secondary" className="w-fit">
          {i18n._(categoryLabels[app.category])}
        </Badge>
        <CardDescription>{app.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto space-y-2 text-sm">
        <ul className="space-y-0.5">
          {p.free && (
            <li>
              <Trans>Free to start</Trans>
            </li>
          )}
          {p.monthly !== null && (
            <li>
              <Trans>{dollars(p.monthly)}/month</Trans>
            </li>
          )}
          {p.annual !== null && (
            <li>
              <Trans>{dollars(p.annual)}/year</Trans>
            </li>
          )}
          {p.lifetime !== null && (
            <li>
              <Trans>{dollars(p.lifetime)} lifetime</Trans>
            </li>
          )}
          {p.oneTime !== null && (
            <li>
              <Trans>From {dollars(p.oneTime)} one-time</Trans>
            </li>
          )}
        </ul>
        <ul className="flex flex-wrap gap-1">
          {app.features.slice(0, 3).map((f) => (
            <li key={f}>
              <Badge variant="outline">{f}</Badge>
            </li>
          ))}
          {app.features.length > 3 && (
            <li>
              <Badge variant="outline">
                <Trans>+{app.features.length - 3} more</Trans>
              </Badge>
            </li>
          )}
        </ul>
      </CardContent>
    </Card>
  );
}
