import { QueryState, type QueryStateSource } from '@client/components/query-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { Fragment, type ReactNode } from 'react';

/**
 * The list of a settings section (API keys, sync tokens, members): its loading, error and empty states
 * (through QueryState), then one bordered row per item. `children` renders a row, an `<li>`.
 */
export function SettingsListSection<TItem>({
  query,
  itemKey,
  errorTitle,
  empty,
  label,
  loading = <Skeleton className="h-16" />,
  children,
}: {
  query: QueryStateSource<TItem[]>;
  itemKey: (item: TItem) => string | number;
  errorTitle: ReactNode;
  /** The sentence shown when the list is empty; without it an empty list shows as an empty border. */
  empty?: ReactNode;
  /** The list's accessible name. */
  label?: string;
  loading?: ReactNode;
  children: (item: TItem) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      loading={loading}
      errorTitle={errorTitle}
      isEmpty={empty ? (items) => items.length === 0 : undefined}
      empty={<p className="text-sm text-muted-foreground">{empty}</p>}
    >
      {(items) => (
        <ul className="divide-y rounded-lg border" aria-label={label}>
          {items.map((item) => (
            <Fragment key={itemKey(item)}>{children(item)}</Fragment>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
