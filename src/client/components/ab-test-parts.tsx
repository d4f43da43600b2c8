import { liftText, percentText, variantLetter } from '@client/components/ab-test-figures';
import { FormField } from '@client/components/form/form-field';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/*
 * The pieces a campaign's A/B test and a form's hosted-page A/B test share: the state line, the variants
 * table's frame, and the variant editor's fieldset and buttons. Each test keeps its own columns and fields.
 */

const confidenceChoices = [0.8, 0.9, 0.95, 0.99];
/** How many variants a test may have (the domain schemas allow 2–5). */
const maxVariants = 5;

export function AbTestStateLine({
  stateLabel,
  confidenceRate,
  targetConfidence,
  testIdPrefix,
}: {
  stateLabel: string;
  confidenceRate: number | null;
  targetConfidence: number;
  testIdPrefix: string;
}) {
  const confidence = confidenceRate === null ? null : percentText(confidenceRate);
  const target = percentText(targetConfidence);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant="outline" data-testid={`${testIdPrefix}-state`}>
        {stateLabel}
      </Badge>
      {confidence !== null && (
        <span data-testid={`${testIdPrefix}-confidence`}>
          <Trans>
            Confidence {confidence} (stops at {target})
          </Trans>
        </span>
      )}
    </div>
  );
}

/**
 * The variants table in a scrollable region: the variant's letter first, `columns` (header cells) in the
 * middle, then the rate and the lift over A; each row is a `VariantRow`.
 */
export function AbVariantsTable({
  label,
  testId,
  columns,
  children,
}: {
  label: string;
  testId: string;
  columns: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      className="overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard focus (the arrow keys scroll it).
      tabIndex={0}
    >
      <table className="w-full caption-bottom text-sm" data-testid={testId}>
        <TableHeader>
          <TableRow>
            <TableHead>
              <Trans>Variant</Trans>
            </TableHead>
            {columns}
            <TableHead className="text-end">
              <Trans>Rate</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Lift over A</Trans>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </table>
    </section>
  );
}

export function VariantRow({
  index,
  winner,
  rate,
  lift,
  liftTestId,
  children,
}: {
  index: number;
  winner: number | null;
  rate: number | null;
  lift: { estimate: number; low: number; high: number } | null;
  liftTestId: string;
  children: ReactNode;
}) {
  const letter = variantLetter(index);
  return (
    <TableRow data-variant={letter}>
      <TableCell className="whitespace-nowrap font-medium">
        {letter}
        {winner === index && (
          <Badge className="ms-2 border-green-600 bg-green-100 text-green-800" variant="outline">
            <Trophy className="me-1 h-3 w-3" aria-hidden="true" />
            <Trans>Winner</Trans>
          </Badge>
        )}
      </TableCell>
      {children}
      <TableCell className="text-end">{percentText(rate)}</TableCell>
      <TableCell className="whitespace-nowrap text-end" data-testid={`${liftTestId}-${letter}`}>
        {liftText(lift)}
      </TableCell>
    </TableRow>
  );
}

/** One variant's fields; a test keeps at least two variants, so the remove button shows only above that. */
export function VariantFieldset({
  index,
  count,
  onRemove,
  children,
}: {
  index: number;
  count: number;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="space-y-2 rounded-md border p-2">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        <Trans>Variant {variantLetter(index)}</Trans>
        {count > 2 && (
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="h-6 w-6"
            aria-label={t`Remove variant ${variantLetter(index)}`}
            onClick={onRemove}
          >
            <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
          </Button>
        )}
      </legend>
      {children}
    </fieldset>
  );
}

export function AddVariantButton({ count, onAdd }: { count: number; onAdd: () => void }) {
  if (count >= maxVariants) return null;
  return (
    <Button type="button" size="sm" variant="outline" onClick={onAdd}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      <Trans>Add variant</Trans>
    </Button>
  );
}

export function StopAtConfidenceField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label={<Trans>Stop at confidence</Trans>} error={error}>
      {(id) => (
        <select
          id={id}
          className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
          {...registration}
        >
          {confidenceChoices.map((c) => (
            <option key={c} value={c}>
              {percentText(c)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export function AbTestFormActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" size="sm" disabled={pending}>
        <Trans>Save A/B test</Trans>
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
    </div>
  );
}
