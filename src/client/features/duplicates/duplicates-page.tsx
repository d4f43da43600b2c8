import { QueryState } from '@client/components/query-state';
import { SiteHeader } from '@client/components/site-header';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import type { Contact } from '@domain/contacts/contact-schemas';
import { formatPhone } from '@domain/contacts/phone';
import type { DuplicateSuggestion } from '@domain/duplicates/duplicate-schemas';
import { hasRole } from '@domain/roles';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Contact as ContactIcon, ScanSearch } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  useDismissSuggestion,
  useDuplicateSettings,
  useLatestScan,
  useMerges,
  useSaveDuplicateSettings,
  useStartScan,
  useSuggestions,
  useUndoMerge,
} from './duplicates-api';
import { contactName, MergeDialog } from './merge-dialog';
import { reasonText } from './reason-text';

/** /contacts/duplicates: the latest scan's suggestions, each with why, merge and dismiss; recent merges with undo. */
export function DuplicatesPage() {
  const { user } = useAuth();
  const canWrite = Boolean(user && hasRole(user.role, 'member'));
  const isAdmin = Boolean(user && hasRole(user.role, 'admin'));
  const [merging, setMerging] = useState<Contact[] | null>(null);

  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <Link
          href="/contacts"
          className="flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ContactIcon className="h-4 w-4" />
          <Trans>Contacts</Trans>
        </Link>
      </SiteHeader>
      <main className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">
            <Trans>Duplicates</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Contacts that look like the same person, and why. Merge them into one, or undo a merge.
            </Trans>
          </p>
        </div>
        <ScanStatus canWrite={canWrite} />
        <Suggestions canWrite={canWrite} onMerge={setMerging} />
        <RecentMerges canWrite={canWrite} />
        {isAdmin && <HistorySetting />}
      </main>
      {merging && <MergeDialog contacts={merging} onClose={() => setMerging(null)} />}
    </div>
  );
}

function ScanStatus({ canWrite }: { canWrite: boolean }) {
  const { t } = useLingui();
  const latest = useLatestScan();
  const start = useStartScan();
  const scan = latest.data?.scan;
  const isBusy = scan?.status === 'queued' || scan?.status === 'running';
  const progress = scan?.progress ?? 0;
  return (
    <section className="space-y-3 rounded-lg border p-4" aria-labelledby="duplicates-scan">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="duplicates-scan" className="font-semibold">
          <Trans>Scan</Trans>
        </h2>
        {canWrite && (
          <Button
            onClick={() =>
              start.mutate(undefined, { onError: (e) => toastError(t`The scan could not start`, e) })
            }
            disabled={isBusy || start.isPending}
          >
            <ScanSearch />
            <Trans>Scan for duplicates</Trans>
          </Button>
        )}
      </div>
      {isBusy && scan ? (
        <div className="space-y-1" role="status" aria-live="polite">
          <p className="text-sm">
            <Trans>Scanning… {progress}%</Trans>
          </p>
          <Progress value={scan.progress} aria-label={t`Scan progress`} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
          {scan?.status === 'done' && scan.finishedAt
            ? lastScanLine(formatDateTime(scan.finishedAt), scan.found)
            : scan?.status === 'failed'
              ? t`The last scan failed. Start it again.`
              : t`No scan yet. A scan compares every contact by email, phone, name and company.`}
        </p>
      )}
    </section>
  );
}

const lastScanLine = (when: string, found: number) =>
  plural(found, { one: `Last scan ${when}: # suggestion.`, other: `Last scan ${when}: # suggestions.` });

function Suggestions({ canWrite, onMerge }: { canWrite: boolean; onMerge: (contacts: Contact[]) => void }) {
  const suggestions = useSuggestions();
  return (
    <section className="space-y-3" aria-labelledby="duplicates-suggestions">
      <h2 id="duplicates-suggestions" className="font-semibold">
        <Trans>Suggestions</Trans>
      </h2>
      <QueryState
        query={suggestions}
        loading={<Skeleton className="h-32" />}
        errorTitle={<Trans>The suggestions could not be loaded.</Trans>}
        isEmpty={(data) => data.suggestions.length === 0}
        empty={
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            <Trans>No duplicates suggested.</Trans>
          </p>
        }
      >
        {(data) => (
          <ul className="space-y-3">
            {data.suggestions.map((s) => (
              <SuggestionCard key={s.id} suggestion={s} canWrite={canWrite} onMerge={onMerge} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function SuggestionCard({
  suggestion,
  canWrite,
  onMerge,
}: {
  suggestion: DuplicateSuggestion;
  canWrite: boolean;
  onMerge: (contacts: Contact[]) => void;
}) {
  const { t, i18n } = useLingui();
  const dismiss = useDismissSuggestion();
  const names = suggestion.contacts.map(contactName).join(' · ');
  return (
    <li className="space-y-3 rounded-lg border p-4" data-testid="duplicate-suggestion">
      <div className="grid gap-3 sm:grid-cols-2">
        {suggestion.contacts.map((c) => (
          <div key={c.id} className="min-w-0 text-sm">
            <p className="font-medium break-words">{contactName(c)}</p>
            {c.email && <p className="break-all text-muted-foreground">{c.email}</p>}
            {c.phone && <p className="text-muted-foreground">{formatPhone(c.phone)}</p>}
            {c.company && <p className="text-muted-foreground">{c.company}</p>}
          </div>
        ))}
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={t`Why`}>
        {suggestion.reasons.map((reason) => (
          <li
            key={reason.kind}
            className="rounded-full bg-muted px-2.5 py-0.5 text-xs text-foreground"
            data-testid="duplicate-reason"
          >
            {reasonText(i18n, reason)}
          </li>
        ))}
      </ul>
      {canWrite && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onMerge(suggestion.contacts)} aria-label={t`Merge ${names}`}>
            <Trans>Merge…</Trans>
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={dismiss.isPending}
            aria-label={t`Not duplicates: ${names}`}
            onClick={() =>
              dismiss.mutate(suggestion.id, {
                onError: (e) => toastError(t`The suggestion could not be dismissed`, e),
              })
            }
          >
            <Trans>Not duplicates</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}

function RecentMerges({ canWrite }: { canWrite: boolean }) {
  const { t } = useLingui();
  const merges = useMerges();
  const undo = useUndoMerge();
  return (
    <section className="space-y-3" aria-labelledby="duplicates-merges">
      <h2 id="duplicates-merges" className="font-semibold">
        <Trans>Recent merges</Trans>
      </h2>
      <QueryState
        query={merges}
        loading={<Skeleton className="h-20" />}
        errorTitle={<Trans>The merges could not be loaded.</Trans>}
        isEmpty={(data) => data.merges.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            <Trans>No merges yet.</Trans>
          </p>
        }
      >
        {(data) => (
          <ul className="divide-y rounded-lg border">
            {data.merges.map((m) => {
              const merged = m.mergedNames.join(', ');
              const survivor = m.survivorName;
              const when = formatDateTime(m.createdAt);
              const undone = m.undoneAt ? formatDateTime(m.undoneAt) : '';
              const until = formatDateTime(m.expiresAt);
              return (
                <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                  <div className="min-w-0">
                    <p className="break-words">
                      <Trans>
                        {merged} merged into {survivor}
                      </Trans>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {m.undoneAt
                        ? t`${when}, undone ${undone}`
                        : m.undoable
                          ? t`${when}, undo possible until ${until}`
                          : when}
                    </p>
                  </div>
                  {canWrite && m.undoable && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={undo.isPending}
                      aria-label={t`Undo the merge of ${merged}`}
                      onClick={() =>
                        undo.mutate(m.id, {
                          onSuccess: () => toast({ title: t`Merge undone`, description: merged }),
                          onError: (e) => toastError(t`The merge could not be undone`, e),
                        })
                      }
                    >
                      <Trans>Undo</Trans>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** Admins: how long merges stay undoable (the history's snapshots are forgotten after that). */
function HistorySetting() {
  const { t } = useLingui();
  const settings = useDuplicateSettings();
  const save = useSaveDuplicateSettings();
  const [days, setDays] = useState<string | null>(null);
  const value = days ?? String(settings.data?.mergeHistoryDays ?? '');
  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded-lg border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { mergeHistoryDays: Number(value) },
          {
            onSuccess: (saved) => {
              setDays(null);
              const kept = saved.mergeHistoryDays;
              toast({
                title: t`Saved`,
                description: plural(kept, {
                  one: 'Merges can be undone for # day.',
                  other: 'Merges can be undone for # days.',
                }),
              });
            },
            onError: (e) => toastError(t`The setting could not be saved`, e),
          },
        );
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="merge-history-days">
          <Trans>Keep merge history (days)</Trans>
        </Label>
        <Input
          id="merge-history-days"
          type="number"
          min={1}
          max={365}
          className="w-32"
          value={value}
          onChange={(e) => setDays(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        <Trans>Save</Trans>
      </Button>
      <p className="w-full text-xs text-muted-foreground">
        <Trans>Applies to merges made from now on.</Trans>
      </p>
    </form>
  );
}
