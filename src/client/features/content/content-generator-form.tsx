import { SelectField } from '@client/components/form/select-field';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Progress } from '@client/components/ui/progress';
import { toast } from '@client/components/ui/use-toast';
import { useWebsites } from '@client/features/websites';
import { toastError } from '@client/lib/error-toast';
import {
  type ContentFormValues,
  contentFormDefaults,
  contentFormSchema,
  contentTypes,
} from '@domain/content/content-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { isCancelled, useAiStatus, useStreamedGeneration } from './content-api';
import { contentTypeNames } from './content-labels';

/**
 * Spec 000 §2.5's AI Content Generator: type, website, topic, the two options; §4's states and §8's toasts.
 * Generate streams: the draft's text shows as it is written, and Cancel stops it before anything is stored.
 */
export function ContentGeneratorForm({
  canWrite,
  focusTopic,
  websiteId,
}: {
  canWrite: boolean;
  focusTopic: boolean;
  /** The website chosen in the sidebar: new content is for it unless the user picks another. */
  websiteId: number | null;
}) {
  const { t, i18n } = useLingui();
  const websites = useWebsites();
  const ai = useAiStatus();
  const generate = useStreamedGeneration();
  const form = useForm<ContentFormValues>({
    resolver: zodResolver(contentFormSchema, undefined, { raw: true }),
    defaultValues: { ...contentFormDefaults, site: websiteId === null ? 'all' : String(websiteId) },
  });
  useEffect(() => form.setValue('site', websiteId === null ? 'all' : String(websiteId)), [websiteId, form]);
  const topicId = useId();
  const topicRef = useRef<HTMLInputElement | null>(null);
  const topicField = form.register('topic');

  useEffect(() => {
    if (focusTopic) topicRef.current?.focus();
  }, [focusTopic]);

  const submit = form.handleSubmit(
    (values) =>
      generate.mutate(
        {
          topic: values.topic,
          type: values.type,
          ...(values.site === 'all' ? {} : { websiteId: Number(values.site) }),
          autoPublish: values.autoPublish,
          seoOptimize: values.seoOptimize,
        },
        {
          onSuccess: () => {
            form.setValue('topic', '');
            toast({
              title: t`Content Generated`,
              description: t`AI-powered content has been created successfully!`,
            });
          },
          // A cancel is the user's own choice: the status line says so, no failure toast.
          onError: (error) => {
            if (!isCancelled(error)) toastError(t`Generation Failed`, error);
          },
        },
      ),
    (errors) => {
      // Spec 000 §5: an empty topic is told in a toast.
      if (errors.topic) toastError(t`Topic Required`, null, t`Please enter a topic for content generation`);
    },
  );

  const typeOptions = contentTypes.map((type) => ({ value: type, label: i18n._(contentTypeNames[type]) }));
  const siteOptions = [
    { value: 'all', label: t`All Websites` },
    ...(websites.data ?? []).map((site) => ({ value: String(site.id), label: site.name })),
  ];
  return (
    <Card data-testid="content-generator">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="h-5 w-5 text-primary" aria-hidden="true" />
          <Trans>AI Content Generator</Trans>
        </CardTitle>
        <CardDescription data-testid="content-writer">
          {ai.data && ai.data.provider === null ? (
            <>
              <Trans>
                Written by the offline generator: a draft from your topic, websites and contacts, made without
                an AI provider.
              </Trans>{' '}
              {/* The server's offlineGeneratorLocales: the one language its copy is written to read right in. */}
              <Trans>It writes in English only.</Trans>
            </>
          ) : (
            <Trans>Written by your AI provider from your topic, websites and contacts.</Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="type"
              label={<Trans>Content Type</Trans>}
              options={typeOptions}
            />
            <SelectField
              control={form.control}
              name="site"
              label={<Trans>Target Website</Trans>}
              options={siteOptions}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={topicId}>
              <Trans>Topic/Keywords</Trans>
            </Label>
            <Input
              id={topicId}
              placeholder={t`Enter topic or keywords...`}
              {...topicField}
              ref={(element) => {
                topicField.ref(element);
                topicRef.current = element;
              }}
            />
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <CheckboxField name="autoPublish" form={form} label={<Trans>Auto-publish on generation</Trans>} />
            <CheckboxField name="seoOptimize" form={form} label={<Trans>SEO optimize</Trans>} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!canWrite || generate.isPending} className="w-full sm:w-auto">
              {generate.isPending ? <Loader2 className="animate-spin" /> : <Sparkles />}
              {generate.isPending ? <Trans>Generating...</Trans> : <Trans>Generate Content</Trans>}
            </Button>
            {generate.isPending && (
              <Button type="button" variant="outline" onClick={generate.cancel}>
                <Trans>Cancel</Trans>
              </Button>
            )}
          </div>
          <StreamedDraft generation={generate} />
          {!canWrite && (
            <p className="text-sm text-muted-foreground">
              <Trans>Viewers can read content but not generate it.</Trans>
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

function CheckboxField({
  name,
  form,
  label,
}: {
  name: 'autoPublish' | 'seoOptimize';
  form: ReturnType<typeof useForm<ContentFormValues>>;
  label: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Checkbox
            id={id}
            checked={field.value}
            onCheckedChange={(checked) => field.onChange(checked === true)}
          />
        )}
      />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

/**
 * The draft as it streams in. The status line (a polite live region) tells each change of state once; the
 * text itself is not announced piece by piece, and is marked busy until it is complete.
 */
function StreamedDraft({ generation }: { generation: ReturnType<typeof useStreamedGeneration> }) {
  const { t } = useLingui();
  const { isPending, isSuccess, error, data, text } = generation;
  const title = data?.title ?? '';
  const status = isPending
    ? t`Writing the draft…`
    : isSuccess
      ? t`Saved: ${title}`
      : isCancelled(error)
        ? t`Generation cancelled. Nothing was saved.`
        : '';
  return (
    <div className="grid gap-2">
      <p role="status" className="text-sm text-muted-foreground" data-testid="content-stream-status">
        {status}
      </p>
      {isPending && <Progress value={null} aria-label={t`Writing the draft…`} className="animate-pulse" />}
      {text && (
        <section
          aria-label={t`Draft as it is written`}
          aria-busy={isPending}
          data-testid="content-stream"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard focus (the arrow keys scroll it).
          tabIndex={0}
          className="max-h-72 overflow-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-3 text-start text-sm"
        >
          {text}
        </section>
      )}
    </div>
  );
}
