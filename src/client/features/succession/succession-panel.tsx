import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDateTime } from '@client/i18n/format';
import { applyServerErrors, checkedByServer } from '@client/lib/form';
import {
  type SuccessionPlan,
  type SuccessionState,
  successionPlanInputSchema,
} from '@domain/succession/succession-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCancelPlan, useClaimOwnership, useSavePlan, useSuccession } from './succession-api';

/** The dashboard's Succession tab (spec 000 §2.3 Legacy group; issue 12 §4). */
export function SuccessionPanel() {
  const succession = useSuccession();
  return (
    <div className="space-y-6" data-panel="succession">
      <h2 className="text-2xl font-bold tracking-tight">
        <Trans>Succession</Trans>
      </h2>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Succession Plan</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Name the member who takes over this workspace if you stop signing in. After the period you
              choose, they are notified and can claim ownership; you stay on as an admin.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <QueryState query={succession} loading={<Skeleton className="h-24 w-full" />}>
            {(state) => <SuccessionBody state={state} />}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}

function StatusBadge({ plan }: { plan: SuccessionPlan }) {
  switch (plan.status) {
    case 'active':
      return (
        <Badge>
          <Trans>Active</Trans>
        </Badge>
      );
    case 'notified':
      return (
        <Badge variant="destructive">
          <Trans>Successor notified</Trans>
        </Badge>
      );
    case 'claimed':
      return (
        <Badge variant="secondary">
          <Trans>Ownership claimed</Trans>
        </Badge>
      );
    default:
      return (
        <Badge variant="outline">
          <Trans>Cancelled</Trans>
        </Badge>
      );
  }
}

function SuccessionBody({ state }: { state: SuccessionState }) {
  const { t } = useLingui();
  const cancel = useCancelPlan(() => t`Succession plan cancelled`);
  const claim = useClaimOwnership(() => t`You are now the owner of this workspace`);
  const { plan } = state;
  const open = plan && (plan.status === 'active' || plan.status === 'notified');
  return (
    <>
      {plan ? (
        <div className="space-y-2" data-succession-status={plan.status}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">
              <Trans>
                Successor: {plan.successor.name} ({plan.successor.email})
              </Trans>
            </span>
            <StatusBadge plan={plan} />
          </div>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">
              <Trans>Inactivity period</Trans>
            </dt>
            <dd>
              <Plural
                value={plan.inactivityDays}
                one="# day without the owner signing in"
                other="# days without the owner signing in"
              />
            </dd>
            <dt className="text-muted-foreground">
              <Trans>Owner last signed in</Trans>
            </dt>
            <dd>{formatDateTime(plan.ownerLastSignInAt)}</dd>
            {open ? (
              <>
                <dt className="text-muted-foreground">
                  <Trans>Successor may claim from</Trans>
                </dt>
                <dd>{formatDateTime(plan.claimableAt)}</dd>
              </>
            ) : null}
          </dl>
          <div className="flex flex-wrap gap-2">
            {state.canManage && open ? (
              <Button variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(undefined)}>
                <Trans>Cancel Plan</Trans>
              </Button>
            ) : null}
            {state.canClaim ? (
              <Button disabled={claim.isPending} onClick={() => claim.mutate(undefined)}>
                <Trans>Claim Ownership</Trans>
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No succession plan yet.</Trans>
        </p>
      )}
      {state.canManage ? <PlanForm state={state} /> : null}
    </>
  );
}

/** What the plan form's inputs hold; the server's own schema checks the numbers they become. */
const planFields = z.object({ successorId: z.string(), inactivityDays: z.string() });
type PlanFormValues = z.infer<typeof planFields>;
const planPayload = (values: PlanFormValues) => ({
  successorId: Number(values.successorId),
  inactivityDays: Number(values.inactivityDays),
});
const planFormSchema = checkedByServer(planFields, successionPlanInputSchema, planPayload);

function PlanForm({ state }: { state: SuccessionState }) {
  const { t } = useLingui();
  const save = useSavePlan(() => t`Succession plan saved`);
  const form = useForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema, undefined, { raw: true }),
    defaultValues: {
      successorId: String(state.plan?.successor.id ?? state.candidates[0]?.id ?? ''),
      inactivityDays: String(state.plan?.inactivityDays ?? 90),
    },
  });
  const { errors } = form.formState;
  if (state.candidates.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Invite a member in Settings first: the successor must belong to this workspace.</Trans>
      </p>
    );
  const submit = form.handleSubmit((values) =>
    save.mutate(planPayload(values), { onError: (error) => applyServerErrors(error, form) }),
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
      <SelectField
        control={form.control}
        name="successorId"
        label={<Trans>Successor</Trans>}
        error={errors.successorId?.message}
        options={state.candidates.map((c) => ({ value: String(c.id), label: `${c.name} (${c.email})` }))}
      />
      <FormField label={<Trans>Inactivity period (days)</Trans>} error={errors.inactivityDays?.message}>
        {(id, invalid) => (
          <Input
            id={id}
            type="number"
            min={1}
            max={3650}
            aria-invalid={invalid}
            {...form.register('inactivityDays')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        <Trans>Save Plan</Trans>
      </Button>
    </form>
  );
}
