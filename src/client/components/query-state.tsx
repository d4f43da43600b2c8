import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api';
import { cn } from '@client/lib/utils';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** The part of a TanStack query (or of several combined) that QueryState reads. */
export interface QueryStateSource<TData> {
  data: TData | undefined;
  isLoading: boolean;
  error: unknown;
  refetch?: () => unknown;
}

export interface QueryStateProps<TData> {
  query: QueryStateSource<TData>;
  /** What stands in while the query loads (a skeleton of the content's shape); a plain skeleton when omitted. */
  loading?: ReactNode;
  /** The screen's own sentence for a failed load; the failure's message follows it. */
  errorTitle?: ReactNode;
  /** True when the loaded data has nothing to show; `empty` is shown instead of the children. */
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  /** Classes of the error block (its spacing in the surrounding layout). */
  errorClassName?: string;
  /** The loaded content. Omitted by a component that returns early (`if (!data) return <QueryState … />`). */
  children?: (data: TData) => ReactNode;
}

/**
 * The one way a screen shows a query's loading, error and empty states. Loading is announced to screen
 * readers (a polite status with "Loading..."), a failure tells the screen's sentence, the server's message
 * (ApiError's, in the user's language) and offers a retry, and an empty answer shows `empty`.
 */
export function QueryState<TData>({
  query,
  loading,
  errorTitle,
  isEmpty,
  empty,
  errorClassName,
  children,
}: QueryStateProps<TData>) {
  const { t } = useLingui();
  if (query.isLoading)
    return (
      <div role="status" aria-busy="true">
        <span className="sr-only">{t`Loading...`}</span>
        {loading ?? <Skeleton className="h-24 w-full" />}
      </div>
    );
  if (query.error)
    return (
      <QueryError error={query.error} title={errorTitle} onRetry={query.refetch} className={errorClassName} />
    );
  // A disabled query has neither data nor an error: nothing to show yet.
  if (query.data === undefined) return null;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children?.(query.data)}</>;
}

/** A failed load: the screen's sentence, the failure's message and a retry. */
export function QueryError({
  error,
  title,
  onRetry,
  className,
}: {
  error: unknown;
  title?: ReactNode;
  onRetry?: () => unknown;
  className?: string;
}) {
  const message = error ? errorMessage(error) : '';
  return (
    <div role="alert" className={cn('space-y-2 text-sm text-destructive', className)}>
      {title && <p>{title}</p>}
      {message && <p className={title ? 'text-muted-foreground' : undefined}>{message}</p>}
      {onRetry && (
        <Button type="button" variant="outline" size="sm" onClick={() => onRetry()}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </div>
  );
}
