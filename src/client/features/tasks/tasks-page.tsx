import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { ExportMenu } from '@client/features/reports';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import type { TaskStatus } from '@domain/tasks/task-schemas';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { TaskDetailsDialog } from './task-details-dialog';
import { TaskFormDialog } from './task-form-dialog';
import { TaskRows } from './task-parts';
import { useTaskList, useTaskSummary } from './tasks-api';

type Whose = 'me' | 'all';
type Shown = TaskStatus | 'all';

/**
 * /tasks: my open tasks, soonest due first (overdue on top, each marked), and for admins everyone's. The
 * due ones are the in-app reminder: the sidebar counts them, and a fired reminder marks its task due.
 */
export function TasksPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const [whose, setWhose] = useState<Whose>('me');
  const [status, setStatus] = useState<Shown>('open');
  const [isAdding, setIsAdding] = useState(false);
  // A link to one task (the command palette's) opens it over the list.
  const linked = Number(new URLSearchParams(useSearch()).get('task'));
  const [openId, setOpenId] = useState<number | null>(linked > 0 ? linked : null);
  const list = useTaskList({ owner: whose, status });
  const summary = useTaskSummary();
  const isAdmin = Boolean(user && hasRole(user.role, 'admin'));
  const canWrite = Boolean(user && hasRole(user.role, 'member'));
  const due = summary.data?.due ?? 0;

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">
            <Trans>Tasks</Trans>
          </h1>
          <p className="text-sm text-muted-foreground" data-testid="tasks-due-line">
            {due > 0
              ? plural(due, {
                  one: '# of your tasks is due today or overdue.',
                  other: '# of your tasks are due today or overdue.',
                })
              : t`Nothing of yours is due today.`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu list="tasks" />
          {canWrite && (
            <Button onClick={() => setIsAdding(true)}>
              <Plus />
              <Trans>New task</Trans>
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {isAdmin && (
          <fieldset className="inline-flex rounded-lg bg-muted p-1">
            <legend className="sr-only">
              <Trans>Whose tasks</Trans>
            </legend>
            {(['me', 'all'] as const).map((value) => (
              <Button
                key={value}
                variant={whose === value ? 'outline' : 'ghost'}
                size="sm"
                aria-pressed={whose === value}
                onClick={() => setWhose(value)}
              >
                {value === 'me' ? <Trans>My tasks</Trans> : <Trans>All tasks</Trans>}
              </Button>
            ))}
          </fieldset>
        )}
        <Select value={status} onValueChange={(value) => setStatus(value as Shown)}>
          <SelectTrigger className="w-40" aria-label={t`Show tasks`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="open">
              <Trans>Open</Trans>
            </SelectItem>
            <SelectItem value="done">
              <Trans>Done</Trans>
            </SelectItem>
            <SelectItem value="all">
              <Trans>Open and done</Trans>
            </SelectItem>
          </SelectContent>
        </Select>
      </div>
      <QueryState
        query={list}
        loading={<Skeleton className="h-40" />}
        errorTitle={<Trans>The tasks could not be loaded.</Trans>}
        isEmpty={(data) => data.tasks.length === 0}
        empty={
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            {whose === 'me' ? <Trans>No tasks of yours here.</Trans> : <Trans>No tasks here.</Trans>}
          </p>
        }
      >
        {(data) => (
          <>
            <TaskRows tasks={data.tasks} onOpen={(task) => setOpenId(task.id)} />
            {data.hasMore && (
              <p className="text-xs text-muted-foreground">
                <Trans>Only the first {data.tasks.length} are shown: close some, or show fewer.</Trans>
              </p>
            )}
          </>
        )}
      </QueryState>
      {isAdding && <TaskFormDialog onClose={() => setIsAdding(false)} />}
      {openId !== null && <TaskDetailsDialog taskId={openId} onClose={() => setOpenId(null)} />}
    </main>
  );
}
