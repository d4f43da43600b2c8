import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
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
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useSegments } from '@client/features/segments';
import { fieldMessage } from '@client/i18n/field-message';
import { formatNumber } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { contactStatuses } from '@domain/contacts/contact-schemas';
import { campaignTypes, mergeFields } from '@domain/marketing/campaign-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  audiencePayload,
  type CampaignFormValues,
  campaignFormSchema,
  campaignFormValues,
  campaignPayload,
} from './campaign-form-schema';
import { campaignTypeLabels } from './campaign-labels';
import { useCampaign, usePreviewCampaign, useSaveCampaign } from './marketing-api';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The campaign editor: content with merge fields and a preview, the audience, the sender and a schedule. */
export function CampaignEditorDialog({
  campaignId,
  onClose,
}: {
  campaignId: number | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const segments = useSegments();
  const existing = useCampaign(campaignId);
  const save = useSaveCampaign();
  const preview = usePreviewCampaign();
  const isSent = existing.data !== undefined && existing.data.status !== 'draft';
  const schema = useMemo(() => campaignFormSchema(campaignId === null, isSent), [campaignId, isSent]);
  const form = useForm<CampaignFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: campaignFormValues(undefined),
  });
  const { errors } = form.formState;
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const bodyField = form.register('body');

  useEffect(() => {
    if (existing.data) form.reset(campaignFormValues(existing.data));
  }, [existing.data, form]);

  const insertField = (field: string) => {
    const token = `{{${field}}}`;
    const body = form.getValues('body');
    const el = bodyRef.current;
    const at = el?.selectionStart ?? body.length;
    form.setValue('body', body.slice(0, at) + token + body.slice(el?.selectionEnd ?? at), {
      shouldDirty: true,
    });
  };

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: campaignId, body: campaignPayload(values, isSent) },
      {
        onSuccess: () => {
          toast({ title: t`Campaign saved` });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form)) toastError(t`Could not save the campaign`, error);
        },
      },
    ),
  );

  const showPreview = () => {
    const { subject, body, audience } = form.getValues();
    preview.mutate({ subject, body, audience: audiencePayload(audience) });
  };
  const audienceErrors = [
    errors.audience?.status,
    errors.audience?.tag,
    errors.audience?.source,
    errors.audience?.segmentId,
  ]
    .map((error) => error?.message)
    .filter((message) => message !== undefined);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {campaignId === null ? <Trans>New Campaign</Trans> : <Trans>Edit Campaign</Trans>}
          </DialogTitle>
          <DialogDescription>
            <Trans>Saved as a draft; send it with the play button in the list.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-3" onSubmit={submit} noValidate>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormField label={<Trans>Name</Trans>} error={errors.name?.message}>
              {(id, invalid) => (
                <Input id={id} aria-invalid={invalid} maxLength={200} {...form.register('name')} />
              )}
            </FormField>
            <SelectField
              control={form.control}
              name="type"
              label={<Trans>Type</Trans>}
              error={errors.type?.message}
              options={campaignTypes.map((type) => ({
                value: type,
                label: i18n._(campaignTypeLabels[type]),
              }))}
            />
          </div>
          <FormField label={<Trans>Subject</Trans>} error={errors.subject?.message}>
            {(id, invalid) => (
              <Input id={id} aria-invalid={invalid} maxLength={200} {...form.register('subject')} />
            )}
          </FormField>
          <FormField label={<Trans>Preheader</Trans>} error={errors.preheader?.message}>
            {(id, invalid) => (
              <Input id={id} aria-invalid={invalid} maxLength={200} {...form.register('preheader')} />
            )}
          </FormField>
          <FormField label={<Trans>Body</Trans>} error={errors.body?.message}>
            {(id, invalid) => (
              <>
                <fieldset className="flex flex-wrap gap-1" aria-label={t`Insert a merge field`}>
                  {mergeFields.map((field) => (
                    <Button
                      key={field}
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => insertField(field)}
                    >
                      {`{{${field}}}`}
                    </Button>
                  ))}
                </fieldset>
                <Textarea
                  id={id}
                  aria-invalid={invalid}
                  rows={6}
                  {...bodyField}
                  ref={(el) => {
                    bodyField.ref(el);
                    bodyRef.current = el;
                  }}
                />
              </>
            )}
          </FormField>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormField label={<Trans>Sender name</Trans>} error={errors.fromName?.message}>
              {(id, invalid) => (
                <Input id={id} aria-invalid={invalid} maxLength={100} {...form.register('fromName')} />
              )}
            </FormField>
            <FormField label={<Trans>Send at (optional)</Trans>} error={errors.scheduledAt?.message}>
              {(id, invalid) => (
                <Input
                  id={id}
                  type="datetime-local"
                  aria-invalid={invalid}
                  {...form.register('scheduledAt')}
                />
              )}
            </FormField>
          </div>
          <fieldset className="grid grid-cols-1 gap-3 rounded-md border p-3 sm:grid-cols-3" disabled={isSent}>
            <legend className="px-1 text-sm font-medium">
              <Trans>Audience</Trans>
            </legend>
            <select
              aria-label={t`Contact status`}
              aria-invalid={Boolean(errors.audience?.status)}
              className={selectClass}
              {...form.register('audience.status')}
            >
              <option value="">{t`Any status`}</option>
              {contactStatuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <Input
              aria-label={t`Tag`}
              placeholder={t`Tag`}
              aria-invalid={Boolean(errors.audience?.tag)}
              {...form.register('audience.tag')}
            />
            <Input
              aria-label={t`Source`}
              placeholder={t`Source`}
              aria-invalid={Boolean(errors.audience?.source)}
              {...form.register('audience.source')}
            />
            <select
              aria-label={t`Segment`}
              aria-invalid={Boolean(errors.audience?.segmentId)}
              className={`${selectClass} sm:col-span-3`}
              data-testid="select-audience-segment"
              {...form.register('audience.segmentId')}
            >
              <option value="">{t`Any segment`}</option>
              {(segments.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            {audienceErrors.map((message) => (
              <p key={message} className="text-xs text-destructive sm:col-span-3" role="alert">
                {fieldMessage(message)}
              </p>
            ))}
          </fieldset>
          {preview.data && (
            <section
              className="space-y-1 rounded-md border bg-muted/30 p-3 text-sm"
              data-testid="campaign-preview"
            >
              <p className="text-muted-foreground">
                <Trans>Recipients now: {formatNumber(preview.data.audienceSize)}</Trans>
              </p>
              <p className="font-medium">{preview.data.subject}</p>
              <p className="whitespace-pre-wrap">{preview.data.body}</p>
            </section>
          )}
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={showPreview} disabled={preview.isPending}>
              <Trans>Preview</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              <Trans>Save Campaign</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
