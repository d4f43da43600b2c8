import { QueryState, type QueryStateSource } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDateTime } from '@client/i18n/format';
import { calendarGeneratedItems } from '@domain/content/content-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarPlus, Clock } from 'lucide-react';
import type { ContentItem } from './content-api';
import { contentStatusNames, contentTypeNames, statusBadgeVariant } from './content-labels';

/**
 * Spec 000 §2.5's Content Calendar: what is scheduled, soonest first (real items where the spec had two
 * static ones), then the first 3 generated items; each opens the editor.
 */
export function ContentCalendar({
  content,
  canWrite,
  onOpen,
  onScheduleNew,
}: {
  content: QueryStateSource<ContentItem[]>;
  canWrite: boolean;
  onOpen: (item: ContentItem) => void;
  onScheduleNew: () => void;
}) {
  return (
    <Card data-testid="content-calendar">
      <CardHeader>
        <CardTitle>
          <Trans>Content Calendar</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Scheduled items, then your latest generated content</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <QueryState
          query={content}
          loading={<Skeleton className="h-32" />}
          errorTitle={<Trans>The content could not be loaded.</Trans>}
          isEmpty={(items) => items.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>Nothing scheduled or generated yet. Generate your first piece of content.</Trans>
            </p>
          }
        >
          {(items) => (
            <ul className="grid grid-cols-1 gap-2">
              {calendarItems(items).map((item) => (
                <CalendarRow key={item.id} item={item} onOpen={onOpen} />
              ))}
            </ul>
          )}
        </QueryState>
        <Button variant="outline" className="w-full" disabled={!canWrite} onClick={onScheduleNew}>
          <CalendarPlus />
          <Trans>Schedule New Content</Trans>
        </Button>
      </CardContent>
    </Card>
  );
}

/** What is scheduled, soonest first, then the first few generated items. */
function calendarItems(items: ContentItem[]): ContentItem[] {
  const scheduled = items
    .filter((item) => item.status === 'scheduled')
    .sort((a, b) => (a.scheduledAt ?? '').localeCompare(b.scheduledAt ?? ''));
  const generated = items.slice(0, calendarGeneratedItems).filter((item) => item.status !== 'scheduled');
  return [...scheduled, ...generated];
}

function CalendarRow({ item, onOpen }: { item: ContentItem; onOpen: (item: ContentItem) => void }) {
  const { i18n } = useLingui();
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="flex w-full items-center gap-3 rounded-lg border p-3 text-start transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="calendar-item"
      >
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{item.title}</p>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <span>{i18n._(contentTypeNames[item.type])}</span>
            {item.scheduledAt && (
              <span className="inline-flex items-center gap-1">
                <Clock className="h-3 w-3" aria-hidden="true" />
                {formatDateTime(item.scheduledAt)}
              </span>
            )}
          </p>
        </div>
        <Badge variant={statusBadgeVariant(item.status)} data-testid="status-badge">
          {i18n._(contentStatusNames[item.status])}
        </Badge>
      </button>
    </li>
  );
}
