import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { fieldMessage } from '@client/i18n/field-message';
import { formatDateTime } from '@client/i18n/format';
import { onErrorToast, toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { type Task, type TaskComment, taskCommentCreateSchema } from '@domain/tasks/task-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Loader2, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TaskFormDialog } from './task-form-dialog';
import { TaskDueBadge, TaskRelated } from './task-parts';
import { useAddTaskComment, useDeleteTask, useTask, useUpdateTask } from './tasks-api';
import { useCanChangeTask } from './use-can-change-task';

/** A task: its details, done or reopened, edited, deleted, and its comments. */
export function TaskDetailsDialog({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const detail = useTask(taskId);
  const title = detail.data?.task.title;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title ?? <Trans>Task</Trans>}</DialogTitle>
          <DialogDescription>
            <Trans>Its details and the conversation about it.</Trans>
          </DialogDescription>
        </DialogHeader>
        <QueryState
          query={detail}
          loading={<Skeleton className="h-32" />}
          errorTitle={<Trans>The task could not be loaded.</Trans>}
        >
          {(data) => <TaskBody task={data.task} comments={data.comments} onDeleted={onClose} />}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function TaskBody({
  task,
  comments,
  onDeleted,
}: {
  task: Task;
  comments: TaskComment[];
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const { user } = useAuth();
  const canChange = useCanChangeTask()(task);
  const canComment = Boolean(user && hasRole(user.role, 'member'));
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [isEditing, setIsEditing] = useState(false);
  const isDone = task.status === 'done';
  return (
    <div className="space-y-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Detail label={t`Status`}>
          {isDone ? <Trans>Done</Trans> : <Trans>Open</Trans>} <TaskDueBadge task={task} />
        </Detail>
        <Detail label={t`Due`}>{task.dueAt ? formatDateTime(task.dueAt) : '—'}</Detail>
        <Detail label={t`Owner`}>{task.ownerName ?? <Trans>Unassigned</Trans>}</Detail>
        <Detail label={t`Reminder`}>
          <ReminderText task={task} />
        </Detail>
        <Detail label={t`About`} className="sm:col-span-2">
          <TaskRelated task={task} fallback="—" />
        </Detail>
        {task.description && (
          <Detail label={t`Notes`} className="sm:col-span-2">
            <span className="whitespace-pre-wrap">{task.description}</span>
          </Detail>
        )}
      </dl>
      {canChange && (
        <div className="flex flex-wrap justify-end gap-2">
          <ConfirmDeleteDialog
            trigger={
              <Button variant="outline" size="sm">
                <Trash2 className="text-destructive" />
                <Trans>Delete</Trans>
              </Button>
            }
            title={<Trans>Delete this task?</Trans>}
            description={<Trans>“{task.title}” and its comments are deleted.</Trans>}
            confirmLabel={<Trans>Delete</Trans>}
            onConfirm={() => remove.mutateAsync(task.id)}
            errorTitle={t`Task not deleted`}
            onDone={onDeleted}
          />
          <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <Pencil />
            <Trans>Edit</Trans>
          </Button>
          <Button
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { id: task.id, status: isDone ? 'open' : 'done' },
                { onError: onErrorToast(t`Task not saved`) },
              )
            }
          >
            {update.isPending ? <Loader2 className="animate-spin" /> : isDone ? <RotateCcw /> : <Check />}
            {isDone ? <Trans>Reopen</Trans> : <Trans>Mark done</Trans>}
          </Button>
        </div>
      )}
      {isEditing && <TaskFormDialog task={task} onClose={() => setIsEditing(false)} />}
      <section aria-labelledby="task-comments">
        <h3 id="task-comments" className="mb-3 text-sm font-semibold">
          <Trans>Comments</Trans>
        </h3>
        {comments.length === 0 ? (
          <p className="mb-3 text-sm text-muted-foreground">
            <Trans>No comments yet.</Trans>
          </p>
        ) : (
          <ol className="mb-3 space-y-3" data-testid="task-comments">
            {comments.map((comment) => (
              <li key={comment.id} className="rounded-md border px-3 py-2 text-sm">
                <p className="text-xs text-muted-foreground">
                  {comment.authorName ?? <Trans>A former member</Trans>} ·{' '}
                  <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{comment.body}</p>
              </li>
            ))}
          </ol>
        )}
        {canComment && <CommentForm taskId={task.id} />}
      </section>
    </div>
  );
}

function ReminderText({ task }: { task: Task }) {
  if (!task.remindAt) return <Trans>None</Trans>;
  const at = formatDateTime(task.remindAt);
  switch (task.reminderState) {
    case 'sent':
      return <Trans>Sent ({at})</Trans>;
    case 'held':
      return <Trans>Paused after a restore: save the task to set it again ({at})</Trans>;
    default:
      return <>{at}</>;
  }
}

function CommentForm({ taskId }: { taskId: number }) {
  const { t } = useLingui();
  const add = useAddTaskComment(taskId);
  const empty = t`Write a comment first`;
  const schema = useMemo(
    () =>
      z.object({
        body: z
          .string()
          .refine((body) => body.trim() !== '', empty)
          .pipe(taskCommentCreateSchema.shape.body),
      }),
    [empty],
  );
  const form = useForm<{ body: string }>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: { body: '' },
  });
  const error = form.formState.errors.body?.message;
  const submit = form.handleSubmit(({ body }) =>
    add.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (failure) => {
        if (!applyServerErrors(failure, form)) toastError(t`Comment not saved`, failure);
      },
    }),
  );
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <Textarea
        aria-label={t`New comment`}
        rows={2}
        aria-invalid={Boolean(error)}
        {...form.register('body')}
      />
      {error && <p className="text-xs text-destructive">{fieldMessage(error)}</p>}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending && <Loader2 className="animate-spin" />}
          <Trans>Add comment</Trans>
        </Button>
      </div>
    </form>
  );
}

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}
