import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDateTime } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import { cn } from '@client/lib/utils';
import type { Task } from '@domain/tasks/task-schemas';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { dueState } from './task-format';
import { useUpdateTask } from './tasks-api';
import { useCanChangeTask } from './use-can-change-task';

/** "Overdue" or "Due" beside an open task whose time has come (today, or its reminder fired). */
export function TaskDueBadge({ task }: { task: Task }) {
  const state = dueState(task);
  if (state === 'overdue')
    return (
      <Badge variant="destructive">
        <Trans>Overdue</Trans>
      </Badge>
    );
  if (state === 'due')
    return (
      <Badge variant="secondary">
        <Trans>Due</Trans>
      </Badge>
    );
  return null;
}

/** The records the task is about, by name. */
export function TaskRelated({ task, fallback = null }: { task: Task; fallback?: ReactNode }) {
  const names = [task.contactName, task.companyName, task.dealName, task.appName].filter(Boolean);
  return names.length > 0 ? names.join(' · ') : fallback;
}

/** Tasks as rows: done in one click, the title opens the task. */
export function TaskRows({ tasks, onOpen }: { tasks: Task[]; onOpen: (task: Task) => void }) {
  const { t } = useLingui();
  const canChange = useCanChangeTask();
  const update = useUpdateTask();
  return (
    <ul className="divide-y rounded-md border" data-testid="task-rows">
      {tasks.map((task) => {
        const isDone = task.status === 'done';
        return (
          <li key={task.id} className="flex items-start gap-3 px-3 py-2.5 text-sm">
            {canChange(task) ? (
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8 shrink-0"
                aria-pressed={isDone}
                aria-label={isDone ? t`Reopen ${task.title}` : t`Mark ${task.title} done`}
                onClick={() =>
                  update.mutate(
                    { id: task.id, status: isDone ? 'open' : 'done' },
                    { onError: onErrorToast(t`Task not saved`) },
                  )
                }
              >
                {isDone ? <Check className="text-success" /> : <Circle />}
              </Button>
            ) : (
              <span className="h-8 w-8 shrink-0" />
            )}
            <div className="min-w-0 flex-1">
              <button
                type="button"
                className={cn(
                  'max-w-full truncate text-start font-medium hover:underline',
                  isDone && 'text-muted-foreground line-through',
                )}
                onClick={() => onOpen(task)}
              >
                {task.title}
              </button>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                {task.dueAt && <time dateTime={task.dueAt}>{formatDateTime(task.dueAt)}</time>}
                <TaskDueBadge task={task} />
                <span>{task.ownerName ?? <Trans>Unassigned</Trans>}</span>
                <span className="truncate">
                  <TaskRelated task={task} />
                </span>
                {task.commentCount > 0 && (
                  <span>{plural(task.commentCount, { one: '# comment', other: '# comments' })}</span>
                )}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
