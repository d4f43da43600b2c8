import { percentText, variantLetter } from '@client/components/ab-test-figures';
import {
  AbTestFormActions,
  AbTestStateLine,
  AbVariantsTable,
  AddVariantButton,
  StopAtConfidenceField,
  VariantFieldset,
  VariantRow,
} from '@client/components/ab-test-parts';
import { FormField } from '@client/components/form/form-field';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { TableCell, TableHead } from '@client/components/ui/table';
import { Textarea } from '@client/components/ui/textarea';
import { fieldMessage } from '@client/i18n/field-message';
import { formatNumber } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
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
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useSaveLandingAbTest } from './forms-api';

const stateLabels = {
  collecting: msg`Collecting`,
  winner_declared: msg`Winner declared`,
  max_sample: msg`Stopped at maximum sample`,
} as const;

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
  const target = percentText(test.targetConfidence);
  const winner = test.winner === null ? null : variantLetter(test.winner);
  const leader = variantLetter(test.leader);
  const maxViews = formatNumber(test.maxViewsPerVariant);
  return (
    <div className="space-y-2 text-sm">
      <AbTestStateLine
        stateLabel={i18n._(stateLabels[test.state])}
        confidenceRate={test.confidence}
        targetConfidence={test.targetConfidence}
        testIdPrefix="landing-ab"
      />
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
      <AbVariantsTable
        label={t`Hosted page A/B test`}
        testId="landing-ab-variants"
        columns={
          <>
            <TableHead>
              <Trans>Headline</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Views</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Submissions</Trans>
            </TableHead>
          </>
        }
      >
        {test.variants.map((v, i) => (
          <VariantRow
            key={variantLetter(i)}
            index={i}
            winner={test.winner}
            rate={v.rate}
            lift={v.lift}
            liftTestId="landing-ab-lift"
          >
            <TableCell className="max-w-[16rem] truncate">{v.headline}</TableCell>
            <TableCell className="text-end">{formatNumber(v.views)}</TableCell>
            <TableCell className="text-end">{formatNumber(v.submissions)}</TableCell>
          </VariantRow>
        ))}
      </AbVariantsTable>
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
        if (!applyServerErrors(error, form)) onErrorToast(t`Could not change the A/B test`)(error);
      },
    }),
  );
  return (
    <form className="space-y-3" onSubmit={submit} data-testid="landing-ab-form">
      {variants.fields.map((field, i) => (
        <VariantFieldset
          key={field.id}
          index={i}
          count={variants.fields.length}
          onRemove={() => variants.remove(i)}
        >
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
        </VariantFieldset>
      ))}
      {variantsError && (
        <p className="text-xs text-destructive" role="alert">
          {fieldMessage(variantsError)}
        </p>
      )}
      <AddVariantButton
        count={variants.fields.length}
        onAdd={() => variants.append({ headline: '', intro: '', submitLabel: shown.texts.submit })}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <StopAtConfidenceField
          error={errors.targetConfidence?.message}
          registration={form.register('targetConfidence', { setValueAs: Number })}
        />
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
      <AbTestFormActions pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
