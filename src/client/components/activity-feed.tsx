import { formatDateTime, formatRelativeTime } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One entry of a feed: what happened, when, and the icon of its kind. */
export interface ActivityFeedItem {
  id: string | number;
  icon: LucideIcon;
  text: ReactNode;
  /** A second line under the text (a note's body). */
  detail?: ReactNode;
  /** ISO time it happened; shown relative ("5 minutes ago"). */
  at: string;
}

/**
 * The one activity feed: the dashboard's and the CRM's recent activities and a contact's timeline.
 * `list` separates entries by rules (`compact` tighter, for a side card); `timeline` hangs them on a line
 * with the exact time on hover.
 */
export function ActivityFeed({
  items,
  variant = 'list',
  className,
  ...rest
}: {
  items: ActivityFeedItem[];
  variant?: 'list' | 'compact' | 'timeline';
  className?: string;
  'data-testid'?: string;
}) {
  if (variant === 'timeline')
    return (
      <ol className={cn('relative space-y-4 border-s ps-6', className)} data-testid={rest['data-testid']}>
        {items.map(({ id, icon: Icon, text, detail, at }) => (
          <li key={id} className="relative">
            <span className="absolute -start-[2.1rem] flex h-6 w-6 items-center justify-center rounded-full border bg-card text-muted-foreground">
              <Icon className="h-3.5 w-3.5" />
            </span>
            <p className="text-sm font-medium">{text}</p>
            {detail && <p className="mt-0.5 whitespace-pre-wrap text-sm text-muted-foreground">{detail}</p>}
            <p className="mt-0.5 text-xs text-muted-foreground" title={formatDateTime(at)}>
              {formatRelativeTime(at)}
            </p>
          </li>
        ))}
      </ol>
    );
  const isCompact = variant === 'compact';
  return (
    <ul className={cn(isCompact ? 'space-y-3' : 'divide-y', className)} data-testid={rest['data-testid']}>
      {items.map(({ id, icon: Icon, text, detail, at }) => (
        <li key={id} className={cn('flex items-start gap-3', !isCompact && 'py-3')}>
          <span
            className={cn(
              'mt-0.5 flex shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground',
              isCompact ? 'h-7 w-7' : 'h-8 w-8',
            )}
          >
            <Icon className={isCompact ? 'h-3.5 w-3.5' : 'h-4 w-4'} />
          </span>
          <div className="min-w-0 flex-1">
            <p className={cn('text-sm', isCompact && 'leading-snug')}>{text}</p>
            {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
            <p className="text-xs text-muted-foreground">{formatRelativeTime(at)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
