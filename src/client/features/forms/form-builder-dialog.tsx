import { FormField } from '@client/components/form/form-field';
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
import { selectTriggerClassName } from '@client/components/ui/select-trigger-class';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useWebsites } from '@client/features/websites';
import { fieldMessage } from '@client/i18n/field-message';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { type FormTexts, formFieldTypes, formTargets } from '@domain/forms/form-schemas';
import { type Locale, localeNames, locales, sourceLocale } from '@domain/locales';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Loader2, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type FieldError, get, useFieldArray, useForm } from 'react-hook-form';
import {
  type BuilderField,
  type BuilderValues,
  builderPayload,
  builderSchema,
  builderValues,
  newFieldKey,
} from './form-builder-schema';
import { formTargetLabels, formTextLabels, formTypeLabels } from './form-labels';
import { type FormDefaults, formDefaults } from './form-texts';
import { useFormDetail, useSaveForm } from './forms-api';

const textKeys = [
  'submit',
  'thankYou',
  'required',
  'invalid',
  'failed',
] as const satisfies readonly (keyof FormTexts)[];

/** The type a target needs (an email answer is typed as an email), or the field's own when any will do. */
function typeFor(field: BuilderField, target: BuilderField['target']): BuilderField['type'] {
  if (target === 'email') return 'email';
  if (target === 'phone') return 'tel';
  if (field.type === 'email' || field.type === 'tel' || field.type === 'checkbox') return 'text';
  return field.type;
}

/**
 * Building a lead form (owners and admins): its fields and where each answer goes, a consent checkbox, what
 * visitors read in the form's language, and what happens after sending. Loads the form's language's
 * catalog to fill the visitor-facing texts; changing the language refills those still as they were filled.
 */
export function FormBuilderDialog({ formId, onClose }: { formId: number | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const existing = useFormDetail(formId);
  const websites = useWebsites();
  const save = useSaveForm();
  const [ready, setReady] = useState(false);
  const defaults = useRef<FormDefaults | null>(null);
  const form = useForm<BuilderValues>({ resolver: zodResolver(builderSchema, undefined, { raw: true }) });
  const fields = useFieldArray({ control: form.control, name: 'fields' });
  const { errors } = form.formState;
  const errorAt = (path: string) => (get(errors, path) as FieldError | undefined)?.message;
  const locale = form.watch('locale');
  const consentOn = form.watch('consent.on');

  // A new form starts in the reader's language; an existing one once it has loaded.
  useEffect(() => {
    if (formId !== null && !existing.data) return;
    const start =
      existing.data?.locale ??
      ((i18n.locale as Locale) in localeNames ? (i18n.locale as Locale) : sourceLocale);
    let current = true;
    formDefaults(start).then(
      (loaded) => {
        if (!current) return;
        defaults.current = loaded;
        form.reset(builderValues(existing.data, start, loaded));
        setReady(true);
      },
      (error: unknown) => current && toastError(t`Could not load the form’s language`, error),
    );
    return () => {
      current = false;
    };
  }, [formId, existing.data, form, i18n.locale, t]);

  // A text or label left as the previous language filled it follows the new language; one the owner wrote stays.
  useEffect(() => {
    const before = defaults.current;
    if (!ready || !before || !locale) return;
    let current = true;
    formDefaults(locale).then((after) => {
      if (!current) return;
      for (const key of textKeys) {
        if (form.getValues(`texts.${key}`) === before.texts[key])
          form.setValue(`texts.${key}`, after.texts[key]);
      }
      if (form.getValues('consent.text') === before.consent) form.setValue('consent.text', after.consent);
      form.getValues('fields').forEach((field, index) => {
        const label = (Object.keys(before.labels) as (keyof FormDefaults['labels'])[]).find(
          (key) => before.labels[key] === field.label,
        );
        if (label) form.setValue(`fields.${index}.label`, after.labels[label]);
      });
      defaults.current = after;
    });
    return () => {
      current = false;
    };
  }, [locale, ready, form]);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: formId, body: builderPayload(values) },
      {
        onSuccess: () => {
          toast({ title: t`Form saved` });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form)) toastError(t`Could not save the form`, error);
        },
      },
    ),
  );

  const fieldsError = errors.fields?.root?.message ?? errors.fields?.message;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{formId === null ? <Trans>New form</Trans> : <Trans>Edit form</Trans>}</DialogTitle>
          <DialogDescription>
            <Trans>
              Each answer finds or creates its contact by email (then phone), lands on the contact’s timeline
              and starts the workflows that wait for this form.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        {!ready ? (
          <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            <Trans>Loading...</Trans>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={submit} noValidate data-testid="form-builder">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <FormField label={<Trans>Name</Trans>} error={errors.name?.message} className="sm:col-span-3">
                {(id, invalid) => (
                  <Input id={id} aria-invalid={invalid} maxLength={200} {...form.register('name')} />
                )}
              </FormField>
              <FormField label={<Trans>Language of the form</Trans>} error={errors.locale?.message}>
                {(id) => (
                  <select id={id} className={selectTriggerClassName} {...form.register('locale')}>
                    {locales.map((l) => (
                      <option key={l} value={l}>
                        {localeNames[l]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                label={<Trans>Website</Trans>}
                error={errors.websiteId?.message}
                className="sm:col-span-2"
              >
                {(id) => (
                  <select id={id} className={selectTriggerClassName} {...form.register('websiteId')}>
                    <option value="">{t`The site it is embedded on`}</option>
                    {(websites.data ?? []).map((w) => (
                      <option key={w.id} value={String(w.id)}>
                        {w.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>

            <fieldset className="space-y-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">
                <Trans>Fields</Trans>
              </legend>
              <ol className="space-y-3" data-testid="form-fields">
                {fields.fields.map((item, index) => (
                  <FieldRow
                    key={item.id}
                    index={index}
                    count={fields.fields.length}
                    form={form}
                    errorAt={errorAt}
                    onMove={(to) => fields.move(index, to)}
                    onRemove={() => fields.remove(index)}
                  />
                ))}
              </ol>
              {fieldsError && (
                <p className="text-xs text-destructive" role="alert">
                  {fieldMessage(fieldsError)}
                </p>
              )}
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  fields.append({
                    key: newFieldKey(form.getValues('fields').map((f) => f.key)),
                    label: '',
                    type: 'text',
                    required: false,
                    target: 'none',
                    property: '',
                    options: '',
                  })
                }
              >
                <Plus className="h-4 w-4" aria-hidden="true" />
                <Trans>Add field</Trans>
              </Button>
            </fieldset>

            <fieldset className="space-y-2 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">
                <Trans>Consent</Trans>
              </legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4" {...form.register('consent.on')} />
                <Trans>Ask for consent with a checkbox (its text is stored with each answer)</Trans>
              </label>
              {consentOn && (
                <>
                  <FormField label={<Trans>Consent text</Trans>} error={errorAt('consent.text')}>
                    {(id, invalid) => (
                      <Textarea id={id} rows={2} aria-invalid={invalid} {...form.register('consent.text')} />
                    )}
                  </FormField>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" className="h-4 w-4" {...form.register('consent.required')} />
                    <Trans>Answers are refused without consent</Trans>
                  </label>
                </>
              )}
            </fieldset>

            <fieldset className="grid grid-cols-1 gap-3 rounded-md border p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium">
                <Trans>What visitors read ({localeNames[locale] ?? locale})</Trans>
              </legend>
              {textKeys.map((key) => (
                <FormField
                  key={key}
                  label={i18n._(formTextLabels[key])}
                  error={errorAt(`texts.${key}`)}
                  className={key === 'thankYou' || key === 'failed' ? 'sm:col-span-2' : undefined}
                >
                  {(id, invalid) => (
                    <Input id={id} aria-invalid={invalid} lang={locale} {...form.register(`texts.${key}`)} />
                  )}
                </FormField>
              ))}
              <FormField
                label={<Trans>Redirect after sending (optional; instead of the thank-you message)</Trans>}
                error={errors.redirectUrl?.message}
                className="sm:col-span-2"
              >
                {(id, invalid) => (
                  <Input id={id} type="url" aria-invalid={invalid} {...form.register('redirectUrl')} />
                )}
              </FormField>
            </fieldset>

            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                <Trans>Save form</Trans>
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One field of the form: its label, type, where its answer goes, whether it is required. */
function FieldRow({
  index,
  count,
  form,
  errorAt,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  form: ReturnType<typeof useForm<BuilderValues>>;
  errorAt: (path: string) => string | undefined;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useLingui();
  const at = `fields.${index}` as const;
  const field = form.watch(at);
  const label = field.label.trim() || t`Field ${index + 1}`;
  const problem = (key: string) => {
    const message = errorAt(`${at}.${key}`);
    return message ? fieldMessage(message) : undefined;
  };
  const setTarget = (target: BuilderField['target']) => {
    form.setValue(`${at}.target`, target);
    form.setValue(`${at}.type`, typeFor(field, target));
  };
  return (
    <li className="space-y-2 rounded-md border bg-muted/30 p-3" data-testid={`form-field-${index}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">
          {index + 1}. {label}
        </span>
        <div className="flex gap-1">
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={t`Move ${label} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={t`Move ${label} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={t`Remove ${label}`}
            onClick={onRemove}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <FormField label={<Trans>Label</Trans>} error={errorAt(`${at}.label`)}>
          {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register(`${at}.label`)} />}
        </FormField>
        <FormField label={<Trans>Fills</Trans>} error={errorAt(`${at}.target`)}>
          {(id) => (
            <select
              id={id}
              className={selectTriggerClassName}
              value={field.target}
              onChange={(e) => setTarget(e.target.value as BuilderField['target'])}
            >
              {formTargets.map((target) => (
                <option key={target} value={target}>
                  {i18n._(formTargetLabels[target])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={<Trans>Type</Trans>} error={errorAt(`${at}.type`)}>
          {(id) => (
            <select id={id} className={selectTriggerClassName} {...form.register(`${at}.type`)}>
              {formFieldTypes.map((type) => (
                <option key={type} value={type}>
                  {i18n._(formTypeLabels[type])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {field.target === 'property' && (
          <FormField label={<Trans>Property name</Trans>} error={errorAt(`${at}.property`)}>
            {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register(`${at}.property`)} />}
          </FormField>
        )}
        {field.type === 'select' && (
          <FormField
            label={<Trans>Options (one per line)</Trans>}
            error={errorAt(`${at}.options`)}
            className="sm:col-span-2"
          >
            {(id, invalid) => (
              <Textarea id={id} rows={3} aria-invalid={invalid} {...form.register(`${at}.options`)} />
            )}
          </FormField>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" {...form.register(`${at}.required`)} />
        <Trans>Required</Trans>
      </label>
      {problem('key') && (
        <p className="text-xs text-destructive" role="alert">
          {problem('key')}
        </p>
      )}
    </li>
  );
}
