import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDateTime } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import type { SuccessionPlan, SuccessionState } from '@domain/succession/succession-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
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
          {succession.isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : succession.error ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(succession.error)}
            </p>
          ) : succession.data ? (
            <SuccessionBody state={succession.data} />
          ) : null}
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
              <Trans>{plan.inactivityDays} days without the owner signing in</Trans>
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

function PlanForm({ state }: { state: SuccessionState }) {
  const { t } = useLingui();
  const save = useSavePlan(() => t`Succession plan saved`);
  const [successorId, setSuccessorId] = useState(
    String(state.plan?.successor.id ?? state.candidates[0]?.id ?? ''),
  );
  const [days, setDays] = useState(String(state.plan?.inactivityDays ?? 90));
  if (state.candidates.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Invite a member in Settings first: the successor must belong to this workspace.</Trans>
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ successorId: Number(successorId), inactivityDays: Number(days) });
  };
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
      <div className="space-y-2">
        <Label htmlFor="succession-successor">
          <Trans>Successor</Trans>
        </Label>
        <select
          id="succession-successor"
          className="flex h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm"
          value={successorId}
          onChange={(event) => setSuccessorId(event.target.value)}
        >
          {state.candidates.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.email})
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-2">
        <Label htmlFor="succession-days">
          <Trans>Inactivity period (days)</Trans>
        </Label>
        <Input
          id="succession-days"
          type="number"
          min={1}
          max={3650}
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        <Trans>Save Plan</Trans>
      </Button>
    </form>
  );
}
