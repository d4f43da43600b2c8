import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { ExportMenu } from '@client/features/reports';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { BoardColumn, DealCard, DealStage } from '@domain/deals/deal-schemas';
import { hasRole } from '@domain/roles';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, GripVertical, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { AddDealDialog } from './add-deal-dialog';
import { DealFilterBar, type DealViewFilters } from './deal-filters';
import { dealStageNames, formatCount, formatDay, formatMoney, stageAccents } from './deal-format';
import { DealTable } from './deal-table';
import { useDealBoard, useMoveDeal } from './deals-api';

/**
 * The pipeline board (issue 17): one column per stage, cards moved by drag and drop or keyboard; and the same
 * deals as a table. `websitePreset` is the website chosen in the sidebar: it sets the website filter, which
 * stays changeable.
 */
export function DealBoard({ websitePreset = null }: { websitePreset?: number | null }) {
  const [filters, setFilters] = useState<DealViewFilters>({ websiteId: websitePreset ?? undefined });
  useEffect(() => setFilters((f) => ({ ...f, websiteId: websitePreset ?? undefined })), [websitePreset]);
  const { user } = useAuth();
  const canWrite = user ? hasRole(user.role, 'member') : false;
  // The stage a new deal starts in while the "Add Deal" dialog is open.
  const [adding, setAdding] = useState<DealStage | null>(null);
  return (
    <Card data-testid="deal-board">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <Trans>Deals</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Drag a deal to another stage, or focus it, press space and use the arrow keys.</Trans>
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu list="deals" />
          {canWrite && (
            <Button size="sm" onClick={() => setAdding(filters.stage ?? 'leads')}>
              <Plus /> <Trans>Add Deal</Trans>
            </Button>
          )}
        </div>
        {adding && <AddDealDialog stage={adding} onClose={() => setAdding(null)} />}
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="board" className="space-y-4">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <TabsList>
              <TabsTrigger value="board">
                <Trans>Board</Trans>
              </TabsTrigger>
              <TabsTrigger value="table">
                <Trans>Table</Trans>
              </TabsTrigger>
            </TabsList>
            <div className="lg:w-3/4">
              <DealFilterBar filters={filters} onChange={setFilters} />
            </div>
          </div>
          <TabsContent value="board">
            <Board filters={filters} canWrite={canWrite} onAdd={setAdding} />
          </TabsContent>
          <TabsContent value="table">
            <DealTable filters={filters} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

const dragInstructions = msg`To move a deal, press space or enter to pick it up, use the left and right arrow keys to choose a stage, then press space or enter to drop it. Press escape to cancel.`;

// Pointer drags find the column under the pointer; keyboard drags (no pointer) the column the card overlaps most.
const collisionDetection: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

function Board({
  filters,
  canWrite,
  onAdd,
}: {
  filters: DealViewFilters;
  canWrite: boolean;
  onAdd: (stage: DealStage) => void;
}) {
  const { t, i18n } = useLingui();
  const { stage, ...boardFilters } = filters;
  const board = useDealBoard(boardFilters);
  const { data } = board;
  const move = useMoveDeal(boardFilters);
  const [active, setActive] = useState<DealCard | null>(null);
  const columns = useMemo(
    () => (data?.columns ?? []).filter((c) => !stage || c.stage === stage),
    [data, stage],
  );
  const order = columns.map((c) => c.stage);

  // Left and right jump a whole column: the card lands at the top of the neighbouring stage. The columns
  // run right to left in Arabic, so there the arrow keys step the other way through the stages.
  const coordinateGetter: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
    const forward = document.documentElement.dir === 'rtl' ? -1 : 1;
    const step = event.code === 'ArrowRight' ? forward : event.code === 'ArrowLeft' ? -forward : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const current = (context.over?.id ?? context.active?.data.current?.stage) as DealStage | undefined;
    const target = current ? order[order.indexOf(current) + step] : undefined;
    const rect = target ? context.droppableRects.get(target) : undefined;
    if (!rect) return currentCoordinates;
    return { x: rect.left + 8, y: rect.top + 48 };
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const dealOf = (id: unknown) => data?.columns.flatMap((c) => c.deals).find((d) => d.id === id);
  const stageName = (id: unknown) => {
    const name = dealStageNames[id as DealStage];
    return name ? i18n._(name) : String(id);
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      const deal = dealOf(a.id)?.name;
      return deal ? t`Picked up ${deal}.` : t`Picked up the deal.`;
    },
    onDragOver: ({ over }) => {
      const stage = over ? stageName(over.id) : null;
      return stage ? t`Over ${stage}.` : t`Not over a stage.`;
    },
    onDragEnd: ({ over }) => {
      const stage = over ? stageName(over.id) : null;
      return stage ? t`Dropped in ${stage}.` : t`Dropped where it was.`;
    },
    onDragCancel: () => t`Move cancelled. The deal stays where it was.`,
  };
  const screenReaderInstructions = { draggable: i18n._(dragInstructions) };

  const onDragStart = (event: DragStartEvent) => setActive(dealOf(event.active.id) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const deal = dealOf(event.active.id);
    const target = event.over?.id as DealStage | undefined;
    if (deal && target && target !== deal.stage) move.mutate({ deal, stage: target });
  };

  if (!data)
    return (
      <QueryState
        query={board}
        loading={
          <div className="grid gap-3 md:grid-cols-3 xl:grid-cols-6">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-64" />
            ))}
          </div>
        }
        errorTitle={<Trans>The board could not be loaded.</Trans>}
      />
    );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      {/* Six columns side by side where they fit; otherwise the row scrolls sideways. */}
      <div className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
        {columns.map((column) => (
          <Column key={column.stage} column={column} canWrite={canWrite} onAdd={onAdd} />
        ))}
      </div>
      <DragOverlay>{active ? <CardBody deal={active} lifted /> : null}</DragOverlay>
    </DndContext>
  );
}

function Column({
  column,
  canWrite,
  onAdd,
}: {
  column: BoardColumn;
  canWrite: boolean;
  onAdd: (stage: DealStage) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const { t, i18n } = useLingui();
  const label = i18n._(dealStageNames[column.stage]);
  const shown = formatCount(column.deals.length);
  return (
    <section
      ref={setNodeRef}
      aria-label={label}
      data-testid={`deal-column-${column.stage}`}
      className={cn(
        'flex min-h-64 w-[15rem] shrink-0 snap-start flex-col rounded-lg border bg-muted/40 xl:w-auto xl:min-w-[9rem] xl:flex-1 xl:basis-0',
        isOver && 'border-primary bg-accent/60',
      )}
    >
      <header className="border-b px-3 py-2">
        <div className="flex items-center gap-2">
          <span className={cn('h-2 w-2 rounded-full', stageAccents[column.stage].dot)} />
          <h3 className="text-sm font-semibold">{label}</h3>
          <span className="ms-auto text-xs text-muted-foreground" data-testid="column-count">
            {formatCount(column.count)}
          </span>
          {canWrite && (
            <Button
              variant="ghost"
              size="icon"
              className="-me-1.5 h-6 w-6"
              aria-label={t`Add a deal to ${label}`}
              title={t`Add a deal to ${label}`}
              onClick={() => onAdd(column.stage)}
            >
              <Plus className="h-4 w-4" />
            </Button>
          )}
        </div>
        <p className="mt-0.5 text-xs text-muted-foreground" data-testid="column-total">
          {formatMoney(column.valueCents)}
        </p>
      </header>
      <ul className="flex flex-1 flex-col gap-2 p-2">
        {column.deals.map((deal) => (
          <DraggableCard key={deal.id} deal={deal} canWrite={canWrite} />
        ))}
        {column.deals.length === 0 && (
          <li className="py-6 text-center text-xs text-muted-foreground">
            <Trans>No deals in this stage</Trans>
          </li>
        )}
      </ul>
      {column.nextCursor && (
        <p className="border-t px-3 py-2 text-xs text-muted-foreground">
          <Trans>The newest {shown} are shown; the table lists them all.</Trans>
        </p>
      )}
    </section>
  );
}

function DraggableCard({ deal, canWrite }: { deal: DealCard; canWrite: boolean }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: deal.id,
    data: { stage: deal.stage },
    disabled: !canWrite,
  });
  // The list item stays a list item; the draggable inside it is the button (dnd-kit's role), named by the
  // card's own text so what a speech user says (and a screen reader reads) is what the card shows.
  return (
    <li>
      <div
        ref={setNodeRef}
        style={{ transform: CSS.Translate.toString(transform) }}
        className={cn(
          'rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
          isDragging && 'opacity-40',
        )}
        data-testid={`deal-card-${deal.id}`}
        {...attributes}
        {...listeners}
      >
        <CardBody deal={deal} draggable={canWrite} />
      </div>
    </li>
  );
}

function CardBody({ deal, draggable, lifted }: { deal: DealCard; draggable?: boolean; lifted?: boolean }) {
  return (
    <div
      className={cn(
        'rounded-md border bg-card p-2.5 text-sm shadow-sm',
        (draggable || lifted) && 'cursor-grab',
        lifted && 'cursor-grabbing shadow-lg ring-1 ring-primary',
      )}
    >
      <div className="flex items-start gap-1">
        <p className="line-clamp-2 min-w-0 flex-1 break-words font-medium">{deal.name}</p>
        {(draggable || lifted) && (
          <GripVertical className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
        )}
      </div>
      <p className="truncate text-xs text-muted-foreground">{deal.companyName ?? deal.contactName}</p>
      <div className="mt-1.5 flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 text-xs">
        <span className="font-semibold">{formatMoney(deal.valueCents, deal.currency)}</span>
        {deal.expectedCloseDate && (
          <span className="flex items-center gap-1 whitespace-nowrap text-muted-foreground">
            <CalendarDays className="h-3 w-3" aria-hidden />
            {formatDay(deal.expectedCloseDate)}
          </span>
        )}
      </div>
    </div>
  );
}
