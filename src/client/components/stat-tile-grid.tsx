import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Trans } from '@lingui/react/macro';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface StatTile<T> {
  title: string;
  icon: LucideIcon;
  /** null when nothing measures this figure yet: shown as such, never as an invented number. */
  value: (data: T) => string | null;
  /** One line saying what the figure counts. */
  hint: (data: T) => ReactNode;
}

/** A row of four figure cards with loading, error and "not measured" states, fed by one query. */
export function StatTileGrid<T>({
  tiles,
  data,
  isLoading,
  isError,
  testIdPrefix,
}: {
  tiles: StatTile<T>[];
  data: T | undefined;
  isLoading: boolean;
  isError: boolean;
  testIdPrefix: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {tiles.map((tile) => {
        const Icon = tile.icon;
        const value = data ? tile.value(data) : null;
        return (
          <Card key={tile.title} data-testid={`${testIdPrefix}${tile.title}`}>
            <CardHeader className="flex-row items-center justify-between pb-2">
              <CardTitle className="text-sm font-medium text-muted-foreground">{tile.title}</CardTitle>
              <span className="flex h-8 w-8 items-center justify-center rounded-md bg-accent text-accent-foreground">
                <Icon className="h-4 w-4" />
              </span>
            </CardHeader>
            <CardContent>
              {isLoading ? (
                <Skeleton className="h-8 w-24" />
              ) : isError || !data ? (
                <p className="text-sm text-destructive">
                  <Trans>Could not load</Trans>
                </p>
              ) : value === null ? (
                <p className="text-lg font-semibold text-muted-foreground">
                  <Trans>Not measured yet</Trans>
                </p>
              ) : (
                <p className="text-2xl font-bold tracking-tight">{value}</p>
              )}
              <p className="mt-1 text-xs text-muted-foreground">{data ? tile.hint(data) : '\u00a0'}</p>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
