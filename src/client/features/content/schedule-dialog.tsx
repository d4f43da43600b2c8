import { FormDialogFooter } from '@client/components/form/form-dialog-footer';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { localInputValue } from '@client/lib/local-time';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type ContentItem, useScheduleContent } from './content-api';

/** The time one hour from now, on the minute: the schedule form's starting value. */
export const nextHour = () => localInputValue(new Date(Date.now() + 3_600_000));

/** 'Schedule New Content' (spec 000 §2.5): a draft and the time it goes out. */
export function ScheduleDialog({
  open,
  onOpenChange,
  drafts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  drafts: ContentItem[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Schedule New Content</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Pick a draft and when it should be published. The server publishes it at that time.</Trans>
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: each opening starts from the first draft and an hour from now. */}
        <ScheduleForm drafts={drafts} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({ drafts, onDone }: { drafts: ContentItem[]; onDone: () => void }) {
  const { t } = useLingui();
  const chooseDraft = t`Choose a draft`;
  const chooseTime = t`Choose a date and time`;
  const schema = useMemo(
    () => z.object({ itemId: z.string().min(1, chooseDraft), when: z.string().min(1, chooseTime) }),
    [chooseDraft, chooseTime],
  );
  const form = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: { itemId: drafts[0] ? String(drafts[0].id) : '', when: nextHour() },
  });
  const schedule = useScheduleContent();
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ itemId, when }) =>
    schedule.mutate(
      { id: Number(itemId), scheduledAt: new Date(when).toISOString() },
      {
        onSuccess: (item) => {
          toast({ title: t`Content Scheduled`, description: item.title });
          onDone();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form, { scheduledAt: 'when' }))
            toastError(t`Scheduling Failed`, error);
        },
      },
    ),
  );
  if (drafts.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="no-drafts">
        <Trans>No drafts to schedule. Generate content first.</Trans>
      </p>
    );
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <SelectField
        control={form.control}
        name="itemId"
        label={<Trans>Draft</Trans>}
        options={drafts.map((d) => ({ value: String(d.id), label: d.title }))}
        error={errors.itemId?.message}
      />
      <FormField label={<Trans>Publish at</Trans>} error={errors.when?.message}>
        {(id, invalid) => (
          <Input id={id} type="datetime-local" aria-invalid={invalid} {...form.register('when')} />
        )}
      </FormField>
      <FormDialogFooter onCancel={onDone} pending={schedule.isPending}>
        <Trans>Schedule</Trans>
      </FormDialogFooter>
    </form>
  );
}
