import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { type DashboardTile, gridColumns, gridRows, layoutProblem } from '@domain/reports/dashboard-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { GripVertical, MoveDiagonal2, X } from 'lucide-react';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

/** A grid row's height on a wide screen (px): a pointer drag turns into rows with it. */
const rowHeight = 160;
const maxTileRows = 12;

/** Tiles in reading order: on a phone they stack in it. */
export const readingOrder = (tiles: readonly DashboardTile[]) =>
  [...tiles].sort((a, b) => a.y - b.y || a.x - b.x);

/** The tile moved or resized, or null where it would leave the grid or land on another tile. */
function changed(
  tiles: readonly DashboardTile[],
  index: number,
  next: DashboardTile,
): DashboardTile[] | null {
  if (
    next.x < 0 ||
    next.y < 0 ||
    next.w < 1 ||
    next.h < 1 ||
    next.h > maxTileRows ||
    next.y + next.h > gridRows
  )
    return null;
  const all = tiles.map((tile, i) => (i === index ? next : tile));
  return layoutProblem(all) ? null : all;
}

const keyMoves: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Reports on the 12-column grid. Read-only, it only places them; `onChange` makes it editable: a tile is
 * dragged by its grip and resized by its corner with a pointer, or, focused, moved with the arrow keys and
 * resized with Shift and the arrow keys, each change said in a live region. On a phone the tiles stack.
 */
export function DashboardGrid({
  tiles,
  names,
  render,
  onChange,
  onRemove,
}: {
  tiles: DashboardTile[];
  names: Map<number, string>;
  render: (tile: DashboardTile) => ReactNode;
  onChange?: (tiles: DashboardTile[]) => void;
  onRemove?: (reportId: number) => void;
}) {
  const { t } = useLingui();
  const [said, setSaid] = useState('');
  const gridRef = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const nameOf = (reportId: number) => names.get(reportId) ?? '';
  // In a right-to-left language the grid's columns run from the right: so do the arrow keys and drags.
  const rtl = () => gridRef.current?.closest('[dir="rtl"]') !== null;

  const apply = (reportId: number, change: (tile: DashboardTile) => DashboardTile, resized: boolean) => {
    if (!onChange) return;
    const index = tiles.findIndex((tile) => tile.reportId === reportId);
    const next = changed(tiles, index, change(tiles[index]));
    const name = nameOf(reportId);
    if (!next) {
      setSaid(resized ? t`${name} cannot grow or shrink that way.` : t`${name} cannot move there.`);
      return;
    }
    onChange(next);
    const { x, y, w, h } = next[index];
    const column = x + 1;
    const row = y + 1;
    setSaid(
      resized ? t`${name}: ${w} columns wide, ${h} rows high.` : t`${name}: column ${column}, row ${row}.`,
    );
  };

  const onKeyDown = (event: KeyboardEvent, reportId: number) => {
    const move = keyMoves[event.key];
    if (!move || event.target !== event.currentTarget) return;
    event.preventDefault();
    const [dx0, dy] = move;
    const dx = rtl() ? -dx0 : dx0;
    if (event.shiftKey) apply(reportId, (tile) => ({ ...tile, w: tile.w + dx, h: tile.h + dy }), true);
    else apply(reportId, (tile) => ({ ...tile, x: tile.x + dx, y: tile.y + dy }), false);
  };

  const onDragEnd = (event: DragEndEvent) => {
    const [kind, id] = String(event.active.id).split(':');
    const width = gridRef.current?.clientWidth ?? 1;
    const columns = Math.round(((rtl() ? -1 : 1) * event.delta.x) / (width / gridColumns));
    const rows = Math.round(event.delta.y / rowHeight);
    if (columns === 0 && rows === 0) return;
    apply(
      Number(id),
      (tile) =>
        kind === 'resize'
          ? { ...tile, w: tile.w + columns, h: tile.h + rows }
          : { ...tile, x: tile.x + columns, y: tile.y + rows },
      kind === 'resize',
    );
  };

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      {onChange && (
        <p id={helpId} className="text-xs text-muted-foreground">
          <Trans>
            Drag a report by its grip, or focus it and use the arrow keys to move it and Shift with the arrow
            keys to resize it.
          </Trans>
        </p>
      )}
      <p className="sr-only" aria-live="polite" data-testid="dashboard-announcer">
        {said}
      </p>
      <div
        ref={gridRef}
        className="grid grid-cols-1 gap-4 lg:grid-cols-12 lg:[grid-auto-rows:minmax(160px,auto)]"
        data-testid="dashboard-grid"
      >
        {readingOrder(tiles).map((tile) => (
          <Tile
            key={tile.reportId}
            tile={tile}
            name={nameOf(tile.reportId)}
            editable={Boolean(onChange)}
            helpId={helpId}
            onKeyDown={(event) => onKeyDown(event, tile.reportId)}
            onRemove={onRemove}
          >
            {render(tile)}
          </Tile>
        ))}
      </div>
    </DndContext>
  );
}

function Tile({
  tile,
  name,
  editable,
  helpId,
  children,
  onKeyDown,
  onRemove,
}: {
  tile: DashboardTile;
  name: string;
  editable: boolean;
  helpId: string;
  children: ReactNode;
  onKeyDown: (event: KeyboardEvent) => void;
  onRemove?: (reportId: number) => void;
}) {
  const { t } = useLingui();
  const move = useDraggable({ id: `move:${tile.reportId}`, disabled: !editable });
  const resize = useDraggable({ id: `resize:${tile.reportId}`, disabled: !editable });
  const style = {
    '--tile-column': `${tile.x + 1} / span ${tile.w}`,
    '--tile-row': `${tile.y + 1} / span ${tile.h}`,
    transform: CSS.Translate.toString(move.transform),
  } as CSSProperties;
  return (
    // A group, not a region: the report inside is already a region of the same name.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups a form's controls; a tile is a report
    <div
      ref={move.setNodeRef}
      style={style}
      role="group"
      aria-label={name}
      aria-describedby={editable ? helpId : undefined}
      // Focusable only while arranging: the arrow keys act on the focused tile.
      tabIndex={editable ? 0 : undefined}
      onKeyDown={editable ? onKeyDown : undefined}
      data-testid="dashboard-tile"
      data-place={`${tile.x},${tile.y},${tile.w},${tile.h}`}
      className={cn(
        'relative min-w-0 rounded-lg border bg-card p-4 lg:[grid-column:var(--tile-column)] lg:[grid-row:var(--tile-row)]',
        editable && 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        move.isDragging && 'z-10 shadow-lg',
      )}
    >
      <div className="mb-2 flex items-center gap-2">
        {editable && (
          <button
            type="button"
            ref={move.setActivatorNodeRef}
            {...move.listeners}
            // Pointer only: the keyboard moves the focused tile itself.
            tabIndex={-1}
            aria-hidden
            className="cursor-grab touch-none text-muted-foreground"
          >
            <GripVertical className="size-4" />
          </button>
        )}
        <h3 className="min-w-0 flex-1 truncate text-base font-semibold">{name}</h3>
        {editable && onRemove && (
          <Button variant="ghost" size="icon" onClick={() => onRemove(tile.reportId)}>
            <X />
            <span className="sr-only">{t`Remove ${name} from the dashboard`}</span>
          </Button>
        )}
      </div>
      {children}
      {editable && (
        <button
          type="button"
          ref={resize.setNodeRef}
          {...resize.listeners}
          tabIndex={-1}
          aria-hidden
          className="absolute end-1 bottom-1 hidden cursor-nwse-resize touch-none text-muted-foreground lg:block"
        >
          <MoveDiagonal2 className="size-4" />
        </button>
      )}
    </div>
  );
}
