import { liftText, percentText, variantLetter } from '@client/components/ab-test-figures';
import { FormField } from '@client/components/form/form-field';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { Textarea } from '@client/components/ui/textarea';
import { fieldMessage } from '@client/i18n/field-message';
import { formatNumber } from '@client/i18n/format';
import { ApiError } from '@client/lib/api';
import { onErrorToast } from '@client/lib/error-toast';
import type { FormDetail } from '@domain/forms/form-schemas';
import {
  type LandingAbTest,
  type LandingAbTestInput,
  type LandingAbTestSettings,
  landingAbTestInputSchema,
} from '@domain/forms/landing-ab-test';
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlaskConical, Plus, Trash2, Trophy } from 'lucide-react';
import { useState } from 'react';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { useSaveLandingAbTest } from './forms-api';

const stateLabels = {
  collecting: msg`Collecting`,
  winner_declared: msg`Winner declared`,
  max_sample: msg`Stopped at maximum sample`,
} as const;

const confidenceChoices = [0.8, 0.9, 0.95, 0.99];

/**
 * The A/B test of the form's hosted page (issue 33 §5): its variants with views, submissions, rate and
 * lift over A, the confidence as it goes and the winner; admins set one up or remove it.
 */
export function LandingAbTestCard({ form, canWrite }: { form: FormDetail; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const test = form.abTest;
  if (!test && !canWrite) return null;
  return (
    <Card data-testid="landing-ab-test">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConical className="h-5 w-5 text-primary" aria-hidden="true" />
          <Trans>Hosted page A/B test</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {editing ? (
          <LandingAbTestForm form={form} onDone={() => setEditing(false)} />
        ) : test ? (
          <LandingAbTestResults test={test} />
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>
              Show visitors of the hosted page two or more headlines, intros and button labels; the one that
              gets more submissions is then shown to everyone.
            </Trans>
          </p>
        )}
        {canWrite && !editing && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              {test ? <Trans>Start a new A/B test</Trans> : <Trans>Set up an A/B test</Trans>}
            </Button>
            {test && <RemoveLandingAbTest formId={form.id} />}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function RemoveLandingAbTest({ formId }: { formId: number }) {
  const { t } = useLingui();
  const save = useSaveLandingAbTest(formId);
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={save.isPending}
      onClick={() => save.mutate(null, { onError: onErrorToast(t`Could not change the A/B test`) })}
    >
      <Trans>Remove A/B test</Trans>
    </Button>
  );
}

function LandingAbTestResults({ test }: { test: LandingAbTest }) {
  const { i18n, t } = useLingui();
  const confidence = test.confidence === null ? null : percentText(test.confidence);
  const target = percentText(test.targetConfidence);
  const winner = test.winner === null ? null : variantLetter(test.winner);
  const leader = variantLetter(test.leader);
  const maxViews = formatNumber(test.maxViewsPerVariant);
  return (
    <div className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline" data-testid="landing-ab-state">
          {i18n._(stateLabels[test.state])}
        </Badge>
        {confidence !== null && (
          <span data-testid="landing-ab-confidence">
            <Trans>
              Confidence {confidence} (stops at {target})
            </Trans>
          </span>
        )}
      </div>
      <p data-testid="landing-ab-status">
        {winner === null ? (
          <Trans>
            Each visitor sees one variant for the day; variant {leader} leads by submissions. The test stops
            at {target} confidence or at {maxViews} views of each variant.
          </Trans>
        ) : (
          <Trans>Variant {winner} won by submissions and is shown to every visitor.</Trans>
        )}
      </p>
      <section
        className="overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={t`Hosted page A/B test`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard focus (the arrow keys scroll it).
        tabIndex={0}
      >
        <table className="w-full caption-bottom text-sm" data-testid="landing-ab-variants">
          <TableHeader>
            <TableRow>
              <TableHead>
                <Trans>Variant</Trans>
              </TableHead>
              <TableHead>
                <Trans>Headline</Trans>
              </TableHead>
              <TableHead className="text-end">
                <Trans>Views</Trans>
              </TableHead>
              <TableHead className="text-end">
                <Trans>Submissions</Trans>
              </TableHead>
              <TableHead className="text-end">
                <Trans>Rate</Trans>
              </TableHead>
              <TableHead className="text-end">
                <Trans>Lift over A</Trans>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {test.variants.map((v, i) => (
              <TableRow key={variantLetter(i)} data-variant={variantLetter(i)}>
                <TableCell className="whitespace-nowrap font-medium">
                  {variantLetter(i)}
                  {test.winner === i && (
                    <Badge className="ms-2 border-green-600 bg-green-100 text-green-800" variant="outline">
                      <Trophy className="me-1 h-3 w-3" aria-hidden="true" />
                      <Trans>Winner</Trans>
                    </Badge>
                  )}
                </TableCell>
                <TableCell className="max-w-[16rem] truncate">{v.headline}</TableCell>
                <TableCell className="text-end">{formatNumber(v.views)}</TableCell>
                <TableCell className="text-end">{formatNumber(v.submissions)}</TableCell>
                <TableCell className="text-end">{percentText(v.rate)}</TableCell>
                <TableCell
                  className="whitespace-nowrap text-end"
                  data-testid={`landing-ab-lift-${variantLetter(i)}`}
                >
                  {liftText(v.lift)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </table>
      </section>
      <p className="text-xs text-muted-foreground">
        <Trans>
          The confidence and the lift's interval are always-valid (mixture sequential test): looking as often
          as you like does not make a false winner likelier.
        </Trans>
      </p>
    </div>
  );
}

function LandingAbTestForm({ form: shown, onDone }: { form: FormDetail; onDone: () => void }) {
  const { t } = useLingui();
  const save = useSaveLandingAbTest(shown.id);
  const form = useForm<LandingAbTestInput, unknown, LandingAbTestSettings>({
    resolver: zodResolver(landingAbTestInputSchema),
    defaultValues: {
      variants: shown.abTest
        ? shown.abTest.variants.map((v) => ({
            headline: v.headline,
            intro: v.intro,
            submitLabel: v.submitLabel,
          }))
        : [
            { headline: shown.name, intro: '', submitLabel: shown.texts.submit },
            { headline: '', intro: '', submitLabel: shown.texts.submit },
          ],
      targetConfidence: shown.abTest?.targetConfidence ?? 0.95,
      maxViewsPerVariant: shown.abTest?.maxViewsPerVariant ?? 5000,
    },
  });
  const variants = useFieldArray({ control: form.control, name: 'variants' });
  const { errors } = form.formState;
  const variantsError = errors.variants?.root?.message ?? errors.variants?.message;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        const issues = error instanceof ApiError ? error.fieldIssues().filter((i) => i.path !== '') : [];
        for (const issue of issues)
          form.setError(issue.path as FieldPath<LandingAbTestInput>, { message: issue.message });
        if (issues.length === 0) onErrorToast(t`Could not change the A/B test`)(error);
      },
    }),
  );
  return (
    <form className="space-y-3" onSubmit={submit} data-testid="landing-ab-form">
      {variants.fields.map((field, i) => (
        <fieldset key={field.id} className="space-y-2 rounded-md border p-2">
          <legend className="flex items-center gap-2 px-1 text-sm font-medium">
            <Trans>Variant {variantLetter(i)}</Trans>
            {variants.fields.length > 2 && (
              <Button
                type="button"
                size="icon"
                variant="ghost"
                className="h-6 w-6"
                aria-label={t`Remove variant ${variantLetter(i)}`}
                onClick={() => variants.remove(i)}
              >
                <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
              </Button>
            )}
          </legend>
          <FormField label={<Trans>Headline</Trans>} error={errors.variants?.[i]?.headline?.message}>
            {(id, invalid) => (
              <Input
                id={id}
                aria-invalid={invalid}
                maxLength={200}
                {...form.register(`variants.${i}.headline`)}
              />
            )}
          </FormField>
          <FormField label={<Trans>Intro</Trans>} error={errors.variants?.[i]?.intro?.message}>
            {(id, invalid) => (
              <Textarea id={id} rows={2} aria-invalid={invalid} {...form.register(`variants.${i}.intro`)} />
            )}
          </FormField>
          <FormField label={<Trans>Button label</Trans>} error={errors.variants?.[i]?.submitLabel?.message}>
            {(id, invalid) => (
              <Input
                id={id}
                aria-invalid={invalid}
                maxLength={60}
                {...form.register(`variants.${i}.submitLabel`)}
              />
            )}
          </FormField>
        </fieldset>
      ))}
      {variantsError && (
        <p className="text-xs text-destructive" role="alert">
          {fieldMessage(variantsError)}
        </p>
      )}
      {variants.fields.length < 5 && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => variants.append({ headline: '', intro: '', submitLabel: shown.texts.submit })}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          <Trans>Add variant</Trans>
        </Button>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField label={<Trans>Stop at confidence</Trans>} error={errors.targetConfidence?.message}>
          {(id) => (
            <select
              id={id}
              className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
              {...form.register('targetConfidence', { setValueAs: Number })}
            >
              {confidenceChoices.map((c) => (
                <option key={c} value={c}>
                  {percentText(c)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={<Trans>Maximum views per variant</Trans>}
          error={errors.maxViewsPerVariant?.message}
        >
          {(id, invalid) => (
            <Input
              id={id}
              type="number"
              aria-invalid={invalid}
              {...form.register('maxViewsPerVariant', { valueAsNumber: true })}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          <Trans>Save A/B test</Trans>
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
