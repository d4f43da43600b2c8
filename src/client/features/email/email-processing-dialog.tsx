import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { type EmailProcessingJob, processEmailSchema } from '@domain/email/email-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useProcessEmail, useProcessingJobs } from './email-api';

export interface EmailProcessingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The server's schema of a processed email, for the fields a person types. */
const emailFormSchema = processEmailSchema
  .pick({
    fromEmail: true,
    toEmail: true,
    subject: true,
    direction: true,
    body: true,
  })
  .required();
type EmailForm = z.input<typeof emailFormSchema>;

const emptyForm: EmailForm = { fromEmail: '', toEmail: '', subject: '', direction: 'inbound', body: '' };

/** What 'Load Test Email' fills in: a realistic inquiry from a prospective buyer at a company domain. */
export const testEmail: EmailForm = {
  fromEmail: 'Jordan Rivera <jordan.rivera@summitpeakrealty.com>',
  toEmail: 'hello@yourbusiness.com',
  subject: 'Question about your coaching packages',
  direction: 'inbound',
  body:
    'Hi there,\n\nI came across your site and would love to learn more about your coaching packages for our ' +
    'sales team of 12. Could we set up a call next week?\n\nBest,\nJordan Rivera\nSummit Peak Realty',
};

export function EmailProcessingDialog({ open, onOpenChange }: EmailProcessingDialogProps) {
  const form = useForm<EmailForm>({ resolver: zodResolver(emailFormSchema), defaultValues: emptyForm });
  const { errors } = form.formState;
  const process = useProcessEmail();
  const { t } = useLingui();

  const submit = form.handleSubmit(
    (input) =>
      process.mutate(
        // An empty id: the server generates "manual-<uuid>" (spec 000 §5).
        { ...input, messageId: '', receivedAt: new Date().toISOString() },
        {
          onSuccess: () => {
            toast({
              title: t`Email Processing Started`,
              description: t`The email is being processed; the contact list updates when it is done.`,
            });
            form.reset(emptyForm);
            onOpenChange(false);
          },
          onError: (error) => {
            if (!applyServerErrors(error, form))
              toastError(t`Processing Failed`, error, t`Failed to process email`);
          },
        },
      ),
    (invalid) => {
      // Spec 000 §9: a missing address is also told in a toast.
      const values = form.getValues();
      if ((invalid.fromEmail || invalid.toEmail) && (!values.fromEmail.trim() || !values.toEmail.trim())) {
        toastError(t`Processing Failed`, null, t`Please provide at least the from and to email addresses.`);
      }
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Process Email</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Turn an email into a contact and a conversation on their timeline.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={<Trans>From</Trans>} error={errors.fromEmail?.message}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  placeholder={t`Jane Doe <jane@company.com>`}
                  {...form.register('fromEmail')}
                />
              )}
            </FormField>
            <FormField label={<Trans>To</Trans>} error={errors.toEmail?.message}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  placeholder={t`you@yourbusiness.com`}
                  {...form.register('toEmail')}
                />
              )}
            </FormField>
            <FormField label={<Trans>Subject</Trans>} error={errors.subject?.message}>
              {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register('subject')} />}
            </FormField>
            <SelectField
              control={form.control}
              name="direction"
              label={<Trans>Direction</Trans>}
              triggerLabel={t`Direction`}
              options={[
                { value: 'inbound', label: <Trans>Inbound</Trans> },
                { value: 'outgoing', label: <Trans>Outgoing</Trans> },
              ]}
            />
          </div>
          <FormField label={<Trans>Body</Trans>} error={errors.body?.message}>
            {(id, invalid) => <Textarea id={id} aria-invalid={invalid} rows={5} {...form.register('body')} />}
          </FormField>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => form.reset(testEmail)}>
              <Trans>Load Test Email</Trans>
            </Button>
            <Button type="submit" disabled={process.isPending}>
              {process.isPending && <Loader2 className="animate-spin" />}
              <Trans>Process Email</Trans>
            </Button>
          </DialogFooter>
        </form>
        <ProcessingJobs isOpen={open} />
      </DialogContent>
    </Dialog>
  );
}

function ProcessingJobs({ isOpen }: { isOpen: boolean }) {
  const jobs = useProcessingJobs(isOpen);
  return (
    <section className="space-y-2 border-t pt-4">
      <h4 className="text-sm font-semibold">
        <Trans>Recent processing jobs</Trans>
      </h4>
      <QueryState
        query={jobs}
        loading={<Skeleton className="h-16" />}
        errorTitle={<Trans>Processing jobs could not be loaded.</Trans>}
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            <Trans>No emails processed yet.</Trans>
          </p>
        }
      >
        {(list) => (
          <ul className="divide-y rounded-md border" data-testid="processing-jobs">
            {list.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function JobRow({ job }: { job: EmailProcessingJob }) {
  const status = job.error_message ? 'error' : job.processed ? 'processed' : 'pending';
  const { t } = useLingui();
  return (
    <li className="flex items-start gap-3 p-3" data-status={status}>
      {status === 'error' ? (
        <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label={t`Failed`} />
      ) : status === 'processed' ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-label={t`Processed`} />
      ) : (
        <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label={t`Pending`} />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{job.subject || <Trans>No Subject</Trans>}</p>
        <p className="truncate text-xs text-muted-foreground">
          {job.from_email} <span className="inline-block rtl:-scale-x-100">→</span> {job.to_email}
        </p>
        {job.error_message && (
          <p className="text-xs text-destructive">
            {messageRefText(job.error_message_ref, job.error_message)}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        {job.contact_created && (
          <Badge variant="success">
            <Trans>New contact</Trans>
          </Badge>
        )}
        <span className="text-xs text-muted-foreground">{formatDateTime(job.created_at)}</span>
      </div>
    </li>
  );
}
