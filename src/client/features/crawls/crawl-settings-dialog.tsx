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
import { Label } from '@client/components/ui/label';
import { fieldMessage } from '@client/i18n/field-message';
import { ApiError, errorMessage } from '@client/lib/api';
import {
  type SiteHealthSettings,
  type SiteHealthSettingsForm,
  siteHealthSettingsFormSchema,
} from '@domain/crawls/crawl-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { useUpdateCrawlSettings } from './crawls-api';

const toForm = (settings: SiteHealthSettings): SiteHealthSettingsForm => ({
  startUrl: settings.startUrl ?? '',
  pageBudget: settings.pageBudget,
  maxDepth: settings.maxDepth,
  keywords: settings.keywords,
});

/**
 * A website's crawl settings (issue 13 §1, §2): where the crawl starts, its page budget and depth, and the
 * target keyword of each path that the keyphrase checks and the SEO card use. Admins edit; others read.
 */
export function CrawlSettingsDialog({
  websiteId,
  domain,
  settings,
  canEdit,
  open,
  onOpenChange,
}: {
  websiteId: number;
  domain: string;
  settings: SiteHealthSettings;
  canEdit: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="crawl-settings">
        <DialogHeader>
          <DialogTitle>
            <Trans>Crawl settings</Trans>
          </DialogTitle>
          <DialogDescription className="break-all">
            {canEdit ? (
              <Trans>How {domain} is crawled and which keyword each page targets.</Trans>
            ) : (
              <Trans>How {domain} is crawled. Only admins can change these settings.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the saved settings. */}
        {open && (
          <SettingsForm
            websiteId={websiteId}
            settings={settings}
            canEdit={canEdit}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({
  websiteId,
  settings,
  canEdit,
  onDone,
}: {
  websiteId: number;
  settings: SiteHealthSettings;
  canEdit: boolean;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const save = useUpdateCrawlSettings(websiteId);
  const form = useForm<SiteHealthSettingsForm>({
    resolver: zodResolver(siteHealthSettingsFormSchema),
    defaultValues: toForm(settings),
  });
  const keywords = useFieldArray({ control: form.control, name: 'keywords' });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const issue of error.fieldIssues().filter((i) => i.path !== '')) {
          form.setError(issue.path as FieldPath<SiteHealthSettingsForm>, { message: issue.message });
        }
      },
    }),
  );
  const fieldError = (name: FieldPath<SiteHealthSettingsForm>, message: string | undefined) =>
    message ? (
      <p id={`${id}-${name}-error`} className="text-xs text-destructive">
        {fieldMessage(message)}
      </p>
    ) : null;
  const described = (name: FieldPath<SiteHealthSettingsForm>, message: string | undefined) => ({
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? `${id}-${name}-error` : undefined,
  });
  // Refusals naming a field show beside it; anything else shows once under the form.
  const unplaced =
    save.error instanceof ApiError && save.error.issues.some((i) => i.path !== '')
      ? null
      : save.error && errorMessage(save.error);

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset disabled={!canEdit || save.isPending} className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-startUrl`}>
            <Trans>Start address</Trans>
          </Label>
          <Input
            id={`${id}-startUrl`}
            type="url"
            dir="ltr"
            placeholder={t`The website's home page`}
            {...described('startUrl', errors.startUrl?.message)}
            {...form.register('startUrl')}
          />
          {fieldError('startUrl', errors.startUrl?.message)}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-pageBudget`}>
              <Trans>Page budget</Trans>
            </Label>
            <Input
              id={`${id}-pageBudget`}
              type="number"
              inputMode="numeric"
              min={1}
              max={20000}
              {...described('pageBudget', errors.pageBudget?.message)}
              {...form.register('pageBudget', { valueAsNumber: true })}
            />
            {fieldError('pageBudget', errors.pageBudget?.message)}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-maxDepth`}>
              <Trans>Maximum link depth</Trans>
            </Label>
            <Input
              id={`${id}-maxDepth`}
              type="number"
              inputMode="numeric"
              min={0}
              max={50}
              {...described('maxDepth', errors.maxDepth?.message)}
              {...form.register('maxDepth', { valueAsNumber: true })}
            />
            {fieldError('maxDepth', errors.maxDepth?.message)}
          </div>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">
            <Trans>Target keywords</Trans>
          </legend>
          {keywords.fields.length === 0 && (
            <p className="text-sm text-muted-foreground">
              <Trans>No target keywords set.</Trans>
            </p>
          )}
          <ul className="space-y-3" data-testid="keyword-rows">
            {keywords.fields.map((field, index) => {
              const pathError = errors.keywords?.[index]?.path?.message;
              const keywordError = errors.keywords?.[index]?.keyword?.message;
              return (
                <li key={field.id} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                  <div className="space-y-1">
                    <Input
                      dir="ltr"
                      aria-label={t`Path of keyword ${index + 1}`}
                      {...described(`keywords.${index}.path`, pathError)}
                      {...form.register(`keywords.${index}.path`)}
                    />
                    {fieldError(`keywords.${index}.path`, pathError)}
                  </div>
                  <div className="space-y-1">
                    <Input
                      aria-label={t`Keyword ${index + 1}`}
                      {...described(`keywords.${index}.keyword`, keywordError)}
                      {...form.register(`keywords.${index}.keyword`)}
                    />
                    {fieldError(`keywords.${index}.keyword`, keywordError)}
                  </div>
                  {canEdit && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t`Remove keyword ${index + 1}`}
                      onClick={() => keywords.remove(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {fieldError('keywords', errors.keywords?.message ?? errors.keywords?.root?.message)}
          {canEdit && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => keywords.append({ path: '/', keyword: '' })}
            >
              <Plus aria-hidden="true" />
              <Trans>Add keyword</Trans>
            </Button>
          )}
        </fieldset>
      </fieldset>
      {unplaced && (
        <p role="alert" className="text-sm text-destructive">
          {unplaced}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {canEdit ? <Trans>Cancel</Trans> : <Trans>Close</Trans>}
        </Button>
        {canEdit && (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save settings</Trans>}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}
