import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { checkLabels } from '@client/features/seo';
import { formatDateTime } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import {
  type ContentEditFormValues,
  contentEditFormSchema,
  splitKeywords,
} from '@domain/content/content-schemas';
import { type Locale, localeNames, locales } from '@domain/locales';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarClock, CheckCircle2, ExternalLink, Languages, Loader2, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ContentItem,
  useAiStatus,
  useDeleteContent,
  usePublishContent,
  useScheduleContent,
  useTranslateContent,
  useUnscheduleContent,
  useUpdateContent,
} from './content-api';
import { contentStatusNames, contentTypeNames, statusBadgeVariant } from './content-labels';
import { nextHour } from './schedule-dialog';

/** One item: read it, edit it, schedule or publish it, translate it, delete it. */
export function ContentEditorDialog({
  item,
  canWrite,
  onClose,
}: {
  item: ContentItem | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="content-editor">
        {item && <Editor key={item.id} item={item} canWrite={canWrite} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function Editor({ item, canWrite, onClose }: { item: ContentItem; canWrite: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const update = useUpdateContent();
  const form = useForm<ContentEditFormValues>({
    resolver: zodResolver(contentEditFormSchema, undefined, { raw: true }),
    defaultValues: {
      title: item.title,
      body: item.body,
      metaDescription: item.metaDescription,
      keywords: item.keywords.join(', '),
    },
  });
  const { errors } = form.formState;
  const save = form.handleSubmit((values) =>
    update.mutate(
      { id: item.id, patch: { ...values, keywords: splitKeywords(values.keywords) } },
      {
        onSuccess: (saved) => {
          form.reset({
            title: saved.title,
            body: saved.body,
            metaDescription: saved.metaDescription,
            keywords: saved.keywords.join(', '),
          });
          toast({ title: t`Content Saved`, description: saved.title });
        },
        onError: (error) => {
          if (!applyServerErrors(error, form)) toastError(t`Saving Failed`, error);
        },
      },
    ),
  );
  const failing = (item.seoChecks ?? []).filter((c) => !c.passed);
  return (
    <>
      <DialogHeader>
        <DialogTitle className="pe-8">{item.title}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          <Badge variant={statusBadgeVariant(item.status)}>{i18n._(contentStatusNames[item.status])}</Badge>
          <span>{i18n._(contentTypeNames[item.type])}</span>
          <span>·</span>
          <span>{localeNames[item.locale as Locale] ?? item.locale}</span>
          <Badge variant="outline" data-testid="content-generator-label">
            {item.generator === 'offline' ? <Trans>Offline generator</Trans> : <Trans>AI provider</Trans>}
          </Badge>
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-2 text-sm">
        {item.scheduledAt && (
          <p>
            <Trans>Scheduled for {formatDateTime(item.scheduledAt)}</Trans>
          </p>
        )}
        {item.publicUrl && (
          <a
            href={item.publicUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-primary underline"
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <Trans>Public page</Trans>
          </a>
        )}
        {item.wordpressUrl && (
          <a
            href={item.wordpressUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-primary underline"
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <Trans>On WordPress</Trans>
          </a>
        )}
        {item.wordpressError && (
          <p className="text-destructive">
            <Trans>WordPress: {messageRefText(item.wordpressErrorMessage, item.wordpressError)}</Trans>
          </p>
        )}
        {item.seoChecks && (
          <div data-testid="seo-checks">
            {failing.length === 0 ? (
              <p className="flex items-center gap-1.5">
                <CheckCircle2 className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                <Trans>All on-page SEO checks pass.</Trans>
              </p>
            ) : (
              <>
                <p>
                  <Trans>These on-page SEO checks do not pass:</Trans>
                </p>
                <ul className="ms-5 list-disc">
                  {failing.map((check) => (
                    <li key={check.id}>
                      {checkLabels[check.id] ? i18n._(checkLabels[check.id].title) : check.id}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>

      <form onSubmit={save} className="grid gap-3" noValidate>
        <FormField label={<Trans>Title</Trans>} error={errors.title?.message}>
          {(id, invalid) => (
            <Input id={id} aria-invalid={invalid} disabled={!canWrite} {...form.register('title')} />
          )}
        </FormField>
        <FormField label={<Trans>Body</Trans>} error={errors.body?.message}>
          {(id, invalid) => (
            <Textarea
              id={id}
              rows={12}
              aria-invalid={invalid}
              disabled={!canWrite}
              {...form.register('body')}
            />
          )}
        </FormField>
        <FormField label={<Trans>Meta description</Trans>} error={errors.metaDescription?.message}>
          {(id, invalid) => (
            <Textarea
              id={id}
              rows={2}
              aria-invalid={invalid}
              disabled={!canWrite}
              {...form.register('metaDescription')}
            />
          )}
        </FormField>
        <FormField label={<Trans>Keywords (comma-separated)</Trans>} error={errors.keywords?.message}>
          {(id, invalid) => (
            <Input id={id} aria-invalid={invalid} disabled={!canWrite} {...form.register('keywords')} />
          )}
        </FormField>
        {canWrite && (
          <div>
            <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
              {update.isPending && <Loader2 className="animate-spin" />}
              <Trans>Save Changes</Trans>
            </Button>
          </div>
        )}
      </form>

      {canWrite && (
        <div className="grid gap-4 border-t pt-4">
          <PublishingActions item={item} onDeleted={onClose} />
          <TranslateAction item={item} />
        </div>
      )}
    </>
  );
}

function PublishingActions({ item, onDeleted }: { item: ContentItem; onDeleted: () => void }) {
  const { t } = useLingui();
  const whenId = useId();
  const [when, setWhen] = useState(nextHour);
  const schedule = useScheduleContent();
  const unschedule = useUnscheduleContent();
  const publish = usePublishContent();
  const remove = useDeleteContent();
  return (
    <div className="flex flex-wrap items-end gap-3">
      {item.status !== 'published' && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={whenId}>
              <Trans>Publish at</Trans>
            </Label>
            <Input id={whenId} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
          </div>
          <Button
            variant="outline"
            disabled={schedule.isPending || when === ''}
            onClick={() =>
              schedule.mutate(
                { id: item.id, scheduledAt: new Date(when).toISOString() },
                {
                  onSuccess: (saved) => toast({ title: t`Content Scheduled`, description: saved.title }),
                  onError: (error) => toastError(t`Scheduling Failed`, error),
                },
              )
            }
          >
            <CalendarClock />
            <Trans>Schedule</Trans>
          </Button>
          {item.status === 'scheduled' && (
            <Button
              variant="outline"
              disabled={unschedule.isPending}
              onClick={() =>
                unschedule.mutate(item.id, { onError: (error) => toastError(t`Scheduling Failed`, error) })
              }
            >
              <Trans>Back to draft</Trans>
            </Button>
          )}
          <Button
            disabled={publish.isPending}
            onClick={() =>
              publish.mutate(item.id, {
                onSuccess: (saved) => toast({ title: t`Content Published`, description: saved.title }),
                onError: (error) => toastError(t`Publishing Failed`, error),
              })
            }
          >
            <Send className="rtl:-scale-x-100" />
            <Trans>Publish Now</Trans>
          </Button>
        </>
      )}
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" className="ms-auto">
            <Trash2 />
            <Trans>Delete</Trans>
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              <Trans>Delete this content?</Trans>
            </AlertDialogTitle>
            <AlertDialogDescription>
              <Trans>"{item.title}" and its translations are deleted; its public page stops answering.</Trans>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>
              <Trans>Cancel</Trans>
            </AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                remove.mutate(item.id, {
                  onSuccess: () => {
                    toast({ title: t`Content Deleted`, description: item.title });
                    onDeleted();
                  },
                  onError: (error) => toastError(t`Deleting Failed`, error),
                })
              }
            >
              <Trans>Delete</Trans>
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function TranslateAction({ item }: { item: ContentItem }) {
  const { t } = useLingui();
  const ai = useAiStatus();
  const translate = useTranslateContent();
  const targets = locales.filter((l) => l !== item.locale);
  const form = useForm<{ locale: Locale }>({ defaultValues: { locale: targets[0] } });
  const available = ai.data?.provider !== null;
  const submit = form.handleSubmit(({ locale }) =>
    translate.mutate(
      { id: item.id, locale },
      {
        onSuccess: (saved) => toast({ title: t`Translation Created`, description: saved.title }),
        onError: (error) => toastError(t`Translation Failed`, error),
      },
    ),
  );
  return (
    <form onSubmit={submit} className="grid gap-2" data-testid="translate" noValidate>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          control={form.control}
          name="locale"
          label={<Trans>Translate into</Trans>}
          className="w-48"
          options={targets.map((l) => ({ value: l, label: localeNames[l] }))}
        />
        <Button type="submit" variant="outline" disabled={!available || translate.isPending}>
          {translate.isPending ? <Loader2 className="animate-spin" /> : <Languages />}
          <Trans>Translate</Trans>
        </Button>
      </div>
      {!available && (
        <p className="text-sm text-muted-foreground">
          <Trans>Translation needs an AI provider. The offline generator cannot translate.</Trans>
        </p>
      )}
    </form>
  );
}
