import { DetailPanelHeader } from '@client/components/detail-panel-header';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import type { Segment } from '@domain/segments/segment-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Filter, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { SegmentBuilder } from './segment-builder';
import { useDeleteSegment, useSegmentHistory, useSegmentMembers, useSegments } from './segments-api';

/** /segments (signed in): saved segments with live counts, their builder, members and who entered and left. */
export function SegmentsPage() {
  const { user } = useAuth();
  const canWrite = user !== null && hasRole(user.role, 'admin');
  const segments = useSegments(true);
  const [editing, setEditing] = useState<Segment | 'new' | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = segments.data?.find((s) => s.id === chosen) ?? segments.data?.[0] ?? null;
  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 md:p-8">
      <Link href="/dashboard" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
        <Trans>Back to dashboard</Trans>
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            <Filter className="h-6 w-6 text-primary" aria-hidden="true" />
            <Trans>Segments</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Groups of contacts that stay up to date as contacts change. Use them as campaign audiences and
              workflow triggers.
            </Trans>
          </p>
        </div>
        {canWrite && editing === null && (
          <Button onClick={() => setEditing('new')} data-testid="button-new-segment">
            <Plus className="h-4 w-4" aria-hidden="true" />
            <Trans>New segment</Trans>
          </Button>
        )}
      </div>
      {editing !== null && (
        <SegmentBuilder
          segment={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setChosen(saved);
          }}
        />
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Saved segments</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState
            query={segments}
            loading={<Skeleton className="h-24 w-full" />}
            errorTitle={<Trans>The segments could not be loaded.</Trans>}
            isEmpty={(list) => list.length === 0}
            empty={
              <p className="text-sm text-muted-foreground" data-testid="segments-empty">
                <Trans>No segments yet.</Trans>
              </p>
            }
          >
            {(list) => (
              <div className="overflow-x-auto">
                <Table data-testid="segments-table">
                  <TableHeader>
                    <TableRow>
                      <TableHead>
                        <Trans>Name</Trans>
                      </TableHead>
                      <TableHead className="text-end">
                        <Trans>Contacts</Trans>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {list.map((s) => (
                      <TableRow key={s.id} data-state={s.id === selected?.id ? 'selected' : undefined}>
                        <TableCell>
                          <button
                            type="button"
                            className="text-start font-medium text-primary hover:underline"
                            aria-pressed={s.id === selected?.id}
                            onClick={() => setChosen(s.id)}
                          >
                            {s.name}
                          </button>
                        </TableCell>
                        <TableCell className="text-end" data-testid={`segment-count-${s.id}`}>
                          {s.status === 'building' ? (
                            <Trans>Computing over {formatNumber(s.toBuild)} contacts…</Trans>
                          ) : (
                            formatNumber(s.memberCount)
                          )}
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
      {selected && (
        <SegmentPanel
          key={selected.id}
          segment={selected}
          canWrite={canWrite}
          onEdit={() => setEditing(selected)}
          onDeleted={() => setChosen(null)}
        />
      )}
    </main>
  );
}

/** One segment: its members, newest first, and who entered and left it lately. */
function SegmentPanel({
  segment,
  canWrite,
  onEdit,
  onDeleted,
}: {
  segment: Segment;
  canWrite: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const members = useSegmentMembers(segment.id);
  const history = useSegmentHistory(segment.id);
  const remove = useDeleteSegment();
  return (
    <section className="space-y-4" aria-labelledby="segment-panel-title" data-testid="segment-panel">
      <DetailPanelHeader
        titleId="segment-panel-title"
        title={segment.name}
        canWrite={canWrite}
        onEdit={onEdit}
        remove={{
          title: <Trans>Delete “{segment.name}”?</Trans>,
          description: (
            <Trans>
              Campaigns and workflows that use it find no contacts in it any more. The contacts stay.
            </Trans>
          ),
          errorTitle: t`Could not delete the segment`,
          onConfirm: () => remove.mutateAsync(segment.id),
          onDone: () => {
            toast({ title: t`Segment deleted` });
            onDeleted();
          },
        }}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">
              <Trans>Members</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <QueryState
              query={members}
              loading={<Skeleton className="h-24 w-full" />}
              errorTitle={<Trans>The members could not be loaded.</Trans>}
              isEmpty={(m) => m.members.length === 0}
              empty={
                <p className="text-sm text-muted-foreground">
                  <Trans>No contacts meet these conditions yet.</Trans>
                </p>
              }
            >
              {(m) => (
                <ul className="divide-y text-sm" data-testid="segment-members">
                  {m.members.map((member) => (
                    <li key={member.contactId} className="flex flex-wrap justify-between gap-2 py-2">
                      <span className="font-medium">{member.name}</span>
                      <span className="text-muted-foreground">{member.email}</span>
                    </li>
                  ))}
                </ul>
              )}
            </QueryState>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">
              <Trans>Entered and left</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <QueryState
              query={history}
              loading={<Skeleton className="h-24 w-full" />}
              errorTitle={<Trans>The history could not be loaded.</Trans>}
              isEmpty={(h) => h.length === 0}
              empty={
                <p className="text-sm text-muted-foreground">
                  <Trans>Nobody has entered or left yet.</Trans>
                </p>
              }
            >
              {(entries) => (
                <ul className="divide-y text-sm" data-testid="segment-history">
                  {entries.map((entry, i) => {
                    const who = entry.name ?? '—';
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own and never reorder
                      <li key={i} className="flex flex-wrap justify-between gap-2 py-2">
                        <span>
                          {entry.change === 'entered' ? (
                            <Trans>{who} entered</Trans>
                          ) : (
                            <Trans>{who} left</Trans>
                          )}
                        </span>
                        <span className="text-muted-foreground">{formatDateTime(entry.at)}</span>
                      </li>
                    );
                  })}
                </ul>
              )}
            </QueryState>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
