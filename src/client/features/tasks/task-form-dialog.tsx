import { FormDialog } from '@client/components/form/form-dialog';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { useMembers } from '@client/features/members';
import { errorMessage } from '@client/lib/api';
import { applyServerErrors, checkedByServer } from '@client/lib/form';
import { instantOf, localInputValue } from '@client/lib/local-time';
import { useAuth } from '@client/lib/use-auth';
import { userDisplayName } from '@client/lib/user-display';
import { type Task, taskCreateSchema } from '@domain/tasks/task-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type ReminderChoice,
  remindAtFor,
  reminderChoiceNames,
  reminderChoiceOf,
  reminderChoices,
} from './task-format';
import { useCreateTask, useUpdateTask } from './tasks-api';

/** What a new task is about when it is added from a record's page (a contact's, a deal's). */
export interface TaskAbout {
  contactId?: number;
  dealId?: number;
  /** The record's name, shown in the dialog. */
  name: string;
}

/** What the inputs hold, as typed; the server's schema checks what they become. */
const taskFields = z.object({
  title: z.string(),
  description: z.string(),
  due: z.string(),
  reminder: z.enum(reminderChoices),
  ownerId: z.string(),
});
type TaskFormValues = z.infer<typeof taskFields>;

function payloadOf(values: TaskFormValues) {
  const dueAt = values.due ? instantOf(values.due) : null;
  return {
    title: values.title,
    description: values.description,
    dueAt,
    remindAt: remindAtFor(values.reminder, dueAt),
    ownerId: values.ownerId ? Number(values.ownerId) : null,
  };
}

const schema = checkedByServer(taskFields, taskCreateSchema, payloadOf, {
  dueAt: 'due',
  remindAt: 'reminder',
});

/** New task (`task` absent), or the task's title, notes, due time, reminder and owner changed. */
export function TaskFormDialog({
  task,
  about,
  onClose,
}: {
  task?: Task;
  about?: TaskAbout;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const members = useMembers();
  const form = useForm<TaskFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      due: task?.dueAt ? localInputValue(task.dueAt) : '',
      reminder: reminderChoiceOf(task),
      ownerId: String(task ? (task.ownerId ?? '') : (user?.id ?? '')),
    },
  });
  const { errors } = form.formState;
  const create = useCreateTask();
  const update = useUpdateTask();
  const save = task ? update : create;
  const owners = useMemo(
    () =>
      (members.data ?? [])
        .filter((m) => m.role !== 'viewer')
        .map((m) => ({ value: String(m.userId), label: userDisplayName(m) })),
    [members.data],
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      const payload = payloadOf(values);
      if (task) await update.mutateAsync({ id: task.id, ...payload });
      else await create.mutateAsync({ ...payload, contactId: about?.contactId, dealId: about?.dealId });
      onClose();
    } catch (error) {
      applyServerErrors(error, form, { dueAt: 'due', remindAt: 'reminder' });
    }
  });
  const hasFieldError = Object.keys(errors).length > 0;

  return (
    <FormDialog
      onClose={onClose}
      title={task ? <Trans>Edit task</Trans> : <Trans>New task</Trans>}
      description={
        about ? (
          <Trans>A task about {about.name}.</Trans>
        ) : (
          <Trans>Something to do, with its owner and when it is due.</Trans>
        )
      }
      onSubmit={submit}
      pending={save.isPending}
      error={save.error && !hasFieldError && errorMessage(save.error)}
      submitLabel={task ? <Trans>Save task</Trans> : <Trans>Add task</Trans>}
    >
      <FormField label={<Trans>Title</Trans>} error={errors.title?.message}>
        {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register('title')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={<Trans>Due</Trans>} error={errors.due?.message}>
          {(id, invalid) => (
            <Input id={id} type="datetime-local" aria-invalid={invalid} {...form.register('due')} />
          )}
        </FormField>
        <SelectField
          control={form.control}
          name="reminder"
          label={<Trans>Reminder</Trans>}
          error={errors.reminder?.message}
          options={reminderChoices.map((choice: ReminderChoice) => ({
            value: choice,
            label: i18n._(reminderChoiceNames[choice]),
          }))}
        />
      </div>
      <SelectField
        control={form.control}
        name="ownerId"
        label={<Trans>Owner</Trans>}
        error={errors.ownerId?.message}
        placeholder={t`Choose a member`}
        options={owners}
      />
      <FormField label={<Trans>Notes</Trans>} error={errors.description?.message}>
        {(id, invalid) => (
          <Textarea id={id} rows={3} aria-invalid={invalid} {...form.register('description')} />
        )}
      </FormField>
    </FormDialog>
  );
}
