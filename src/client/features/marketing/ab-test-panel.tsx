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
import { Input } from '@client/components/ui/input';
import { TableCell, TableHead } from '@client/components/ui/table';
import { Textarea } from '@client/components/ui/textarea';
import { useForms } from '@client/features/forms';
import { fieldMessage } from '@client/i18n/field-message';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import {
  type AbTest,
  type AbTestInput,
  type AbTestSettings,
  abTestInputSchema,
  abTestMetrics,
  type CampaignDetail,
} from '@domain/marketing/campaign-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useSaveAbTest } from './marketing-api';

const metricLabels = {
  open: msg`Open rate`,
  click: msg`Click rate`,
  goal: msg`Goal reached`,
  form: msg`Form submitted`,
  deal: msg`Deal created`,
  payment: msg`Payment made`,
} as const;
/** The metric inside a sentence ("won by open rate"). */
const metricPhrases = {
  open: msg`open rate`,
  click: msg`click rate`,
  goal: msg`goals reached`,
  form: msg`forms submitted`,
  deal: msg`deals created`,
  payment: msg`payments made`,
} as const;
const letter = variantLetter;
const percent = percentText;

/**
 * The campaign page's A/B test (issue 16 §2): its variants with their rates, and the winner with the
 * confidence of the difference; admins set one up on a draft.
 */

/** A page path is the same in every language: an example, not a text to translate. */
const goalExample = '/thank-you';

export function AbTestPanel({ campaign, canWrite }: { campaign: CampaignDetail; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const editable = canWrite && (campaign.status === 'draft' || campaign.status === 'scheduled');
  const test = campaign.abTest;
  if (!test && !editable) return null;
  return (
    <section className="space-y-2 rounded-md border p-3" data-testid="ab-test-panel">
      <h3 className="flex items-center gap-2 font-medium">
        <FlaskConical className="h-4 w-4 text-primary" aria-hidden="true" />
        <Trans>A/B test</Trans>
      </h3>
      {editing ? (
        <AbTestForm campaign={campaign} onDone={() => setEditing(false)} />
      ) : test ? (
        <AbTestResults test={test} />
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>
            Send two or more versions to part of the audience first, then the better one to the rest.
          </Trans>
        </p>
      )}
      {editable && !editing && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {test ? <Trans>Edit A/B test</Trans> : <Trans>Set up an A/B test</Trans>}
          </Button>
          {test && <RemoveAbTest campaignId={campaign.id} />}
        </div>
      )}
    </section>
  );
}

function RemoveAbTest({ campaignId }: { campaignId: number }) {
  const { t } = useLingui();
  const save = useSaveAbTest(campaignId);
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

const stateLabels = {
  ready: msg`Ready`,
  collecting: msg`Collecting`,
  winner_declared: msg`Winner declared`,
  max_sample: msg`Stopped at maximum sample`,
  winner_sent: msg`Winner sent`,
} as const;

function AbTestResults({ test }: { test: AbTest }) {
  const { i18n, t } = useLingui();
  const winner = test.winner === null ? null : letter(test.winner);
  const leader = letter(test.leader);
  const metric = i18n._(metricPhrases[test.metric]);
  const confidence = test.confidence === null ? null : percent(test.confidence);
  const target = percent(test.targetConfidence);
  const outcome = test.metric !== 'open' && test.metric !== 'click';
  return (
    <div className="space-y-2 text-sm">
      <AbTestStateLine
        stateLabel={i18n._(stateLabels[test.state])}
        confidenceRate={test.confidence}
        targetConfidence={test.targetConfidence}
        testIdPrefix="ab-test"
      />
      <p data-testid="ab-test-status">
        {test.phase === 'ready' ? (
          outcome ? (
            <Trans>
              {test.testPercent}% of the audience gets the variants; each is judged by {metric} within{' '}
              {test.attributionDays} days of its message, and the winner at {target} confidence goes to the
              rest.
            </Trans>
          ) : (
            <Trans>
              {test.testPercent}% of the audience gets the variants; after {test.waitHours} h the best{' '}
              {metric} goes to the rest.
            </Trans>
          )
        ) : test.phase === 'testing' ? (
          <Trans>
            Testing on {test.testPercent}% of the audience by {metric}; variant {leader} leads. Next look at{' '}
            {test.decidesAt ? formatDateTime(test.decidesAt) : ''}.
          </Trans>
        ) : confidence === null ? (
          <Trans>
            Variant {winner} won by {metric}; the difference could not be measured.
          </Trans>
        ) : test.stopReason === 'max_sample' ? (
          <Trans>
            Variant {winner} won by {metric} at the maximum sample, short of the target: {confidence}{' '}
            confidence that the difference is real.
          </Trans>
        ) : (
          <Trans>
            Variant {winner} won by {metric}, with {confidence} confidence that the difference is real.
          </Trans>
        )}
      </p>
      <AbVariantsTable
        label={t`A/B test`}
        testId="ab-test-variants"
        columns={
          <>
            <TableHead>
              <Trans>Subject</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Sent</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Counted</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Outcomes</Trans>
            </TableHead>
          </>
        }
      >
        {test.variants.map((v, i) => (
          <VariantRow
            key={letter(i)}
            index={i}
            winner={test.winner}
            rate={v.rate}
            lift={v.lift}
            liftTestId="ab-test-lift"
          >
            <TableCell className="max-w-[16rem] truncate">{v.subject}</TableCell>
            <TableCell className="text-end">{formatNumber(v.sent)}</TableCell>
            <TableCell className="text-end">{formatNumber(v.recipients)}</TableCell>
            <TableCell className="text-end">{formatNumber(v.outcomes)}</TableCell>
          </VariantRow>
        ))}
      </AbVariantsTable>
      <p className="text-xs text-muted-foreground">
        <Trans>
          Counted: recipients whose window has closed. The confidence and the lift's interval are always-valid
          (mixture sequential test): looking as often as you like does not make a false winner likelier.
        </Trans>
      </p>
    </div>
  );
}

function AbTestForm({ campaign, onDone }: { campaign: CampaignDetail; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveAbTest(campaign.id);
  const form = useForm<AbTestInput, unknown, AbTestSettings>({
    resolver: zodResolver(abTestInputSchema),
    defaultValues: campaign.abTest
      ? {
          variants: campaign.abTest.variants.map((v) => ({ subject: v.subject, body: v.body })),
          testPercent: campaign.abTest.testPercent,
          waitHours: campaign.abTest.waitHours,
          metric: campaign.abTest.metric,
          goal: campaign.abTest.goal,
          formId: campaign.abTest.formId,
          attributionDays: campaign.abTest.attributionDays,
          targetConfidence: campaign.abTest.targetConfidence,
        }
      : {
          variants: [
            { subject: campaign.subject, body: campaign.body },
            { subject: '', body: campaign.body },
          ],
          testPercent: 20,
          waitHours: 4,
          metric: 'open',
          goal: null,
          formId: null,
          attributionDays: 7,
          targetConfidence: 0.95,
        },
  });
  const metric = form.watch('metric');
  const forms = useForms();
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
    <form className="space-y-3" onSubmit={submit} data-testid="ab-test-form">
      {variants.fields.map((field, i) => (
        <VariantFieldset
          key={field.id}
          index={i}
          count={variants.fields.length}
          onRemove={() => variants.remove(i)}
        >
          <FormField label={<Trans>Subject</Trans>} error={errors.variants?.[i]?.subject?.message}>
            {(id, invalid) => (
              <Input
                id={id}
                aria-invalid={invalid}
                maxLength={200}
                {...form.register(`variants.${i}.subject`)}
              />
            )}
          </FormField>
          <FormField label={<Trans>Body</Trans>} error={errors.variants?.[i]?.body?.message}>
            {(id, invalid) => (
              <Textarea id={id} rows={3} aria-invalid={invalid} {...form.register(`variants.${i}.body`)} />
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
        onAdd={() => variants.append({ subject: '', body: campaign.body })}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormField label={<Trans>Test share (%)</Trans>} error={errors.testPercent?.message}>
          {(id, invalid) => (
            <Input
              id={id}
              type="number"
              aria-invalid={invalid}
              {...form.register('testPercent', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField label={<Trans>Wait (hours)</Trans>} error={errors.waitHours?.message}>
          {(id, invalid) => (
            <Input
              id={id}
              type="number"
              aria-invalid={invalid}
              {...form.register('waitHours', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField label={<Trans>Winner by</Trans>} error={errors.metric?.message}>
          {(id) => (
            <select
              id={id}
              className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
              {...form.register('metric', {
                onChange: () => {
                  form.setValue('goal', null);
                  form.setValue('formId', null);
                },
              })}
            >
              {abTestMetrics.map((m) => (
                <option key={m} value={m}>
                  {i18n._(metricLabels[m])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {metric === 'goal' && (
          <FormField label={<Trans>Goal (page path or event)</Trans>} error={errors.goal?.message}>
            {(id, invalid) => (
              <Input
                id={id}
                aria-invalid={invalid}
                maxLength={512}
                placeholder={goalExample}
                {...form.register('goal', { setValueAs: (v: string | null) => v || null })}
              />
            )}
          </FormField>
        )}
        {metric === 'form' && (
          <FormField label={<Trans>Form</Trans>} error={errors.formId?.message}>
            {(id) => (
              <select
                id={id}
                className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
                {...form.register('formId', { setValueAs: (v: string | null) => (v ? Number(v) : null) })}
              >
                <option value="">{t`Any form`}</option>
                {(forms.data ?? []).map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        {metric !== 'open' && metric !== 'click' && (
          <FormField label={<Trans>Attribution window (days)</Trans>} error={errors.attributionDays?.message}>
            {(id, invalid) => (
              <Input
                id={id}
                type="number"
                aria-invalid={invalid}
                {...form.register('attributionDays', { valueAsNumber: true })}
              />
            )}
          </FormField>
        )}
        <StopAtConfidenceField
          error={errors.targetConfidence?.message}
          registration={form.register('targetConfidence', { setValueAs: Number })}
        />
      </div>
      <AbTestFormActions pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
