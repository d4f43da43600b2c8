import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { dealStageNames } from '@client/features/deals';
import { formatDateTime } from '@client/i18n/format';
import type {
  BookingWebhook,
  ExitReason,
  ExitRules,
  RunStatus,
  WorkflowRun,
} from '@domain/automation/workflow-schemas';
import { dealStages } from '@domain/deals/deal-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-48';

/** What a new sequence exits on until the user says otherwise: the two things that end a conversation. */
const defaultRules: ExitRules = {
  replied: true,
  bookedMeeting: true,
  unsubscribed: true,
  dealStage: null,
  leftSegmentId: null,
};

const exitReasonLabels: Record<ExitReason, MessageDescriptor> = {
  replied: msg`Replied`,
  booked_meeting: msg`Booked a meeting`,
  unsubscribed: msg`Unsubscribed`,
  deal_stage: msg`Deal reached the stage`,
  left_segment: msg`Left the segment`,
};

const runStatusLabels: Record<RunStatus, MessageDescriptor> = {
  running: msg`Running`,
  waiting: msg`Waiting`,
  completed: msg`Completed`,
  failed: msg`Failed`,
  exited: msg`Exited`,
};

function RuleCheckbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: MessageDescriptor;
}) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)} />
      <label htmlFor={id} className="text-sm">
        {i18n._(label)}
      </label>
    </div>
  );
}

/** The builder's "Sequence" switch and the exit rules it shows (null: an ordinary workflow). */
export function ExitRulesFields({
  value,
  onChange,
}: {
  value: ExitRules | null;
  onChange: (value: ExitRules | null) => void;
}) {
  const { t, i18n } = useLingui();
  const toggleId = useId();
  const set = (patch: Partial<ExitRules>) => value && onChange({ ...value, ...patch });
  return (
    <fieldset className="space-y-3 rounded-md border p-3" data-testid="sequence-fields">
      <legend className="px-1 text-sm font-medium">
        <Trans>Sequence</Trans>
      </legend>
      <div className="flex items-start gap-2">
        <Checkbox
          id={toggleId}
          checked={value !== null}
          onCheckedChange={(c) => onChange(c === true ? (value ?? defaultRules) : null)}
        />
        <label htmlFor={toggleId} className="text-sm">
          <Trans>This workflow is a sequence: a contact’s run ends the moment one of these happens.</Trans>
        </label>
      </div>
      {value && (
        <div className="grid grid-cols-1 gap-2 ps-6 sm:grid-cols-2">
          <RuleCheckbox
            checked={value.replied}
            onChange={(replied) => set({ replied })}
            label={msg`Replied`}
          />
          <RuleCheckbox
            checked={value.bookedMeeting}
            onChange={(bookedMeeting) => set({ bookedMeeting })}
            label={msg`Booked a meeting`}
          />
          <RuleCheckbox
            checked={value.unsubscribed}
            onChange={(unsubscribed) => set({ unsubscribed })}
            label={msg`Unsubscribed`}
          />
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
            <RuleCheckbox
              checked={value.dealStage !== null}
              onChange={(on) => set({ dealStage: on ? 'won' : null })}
              label={msg`Deal reached stage`}
            />
            {value.dealStage !== null && (
              <select
                aria-label={t`Deal stage that ends the run`}
                className={selectClass}
                value={value.dealStage}
                onChange={(e) => set({ dealStage: e.target.value as ExitRules['dealStage'] })}
              >
                {dealStages.map((s) => (
                  <option key={s} value={s}>
                    {i18n._(dealStageNames[s])}
                  </option>
                ))}
              </select>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}

/** The workflow's latest runs, each with its state and, for a sequence's, why it exited. */
export function WorkflowRuns({ workflowId }: { workflowId: number }) {
  const { i18n } = useLingui();
  const runs = useQuery<WorkflowRun[]>({ queryKey: [`/api/workflows/${workflowId}/runs`] });
  return (
    <section className="space-y-2 rounded-md border p-3" aria-labelledby={`runs-${workflowId}`}>
      <h3 id={`runs-${workflowId}`} className="text-sm font-medium">
        <Trans>Latest runs</Trans>
      </h3>
      <QueryState query={runs}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No runs yet.</Trans>
            </p>
          ) : (
            <ul className="divide-y text-sm" data-testid="workflow-runs">
              {list.map((run) => (
                <li key={run.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <Badge variant={run.status === 'failed' ? 'destructive' : 'secondary'}>
                    {i18n._(runStatusLabels[run.status])}
                  </Badge>
                  {run.exitReason && <ExitReasonText reason={run.exitReason} />}
                  {run.failureReason && <span className="text-destructive">{run.failureReason}</span>}
                  <span className="text-muted-foreground">{formatDateTime(run.startedAt)}</span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function ExitReasonText({ reason }: { reason: ExitReason }) {
  const { i18n } = useLingui();
  const label = i18n._(exitReasonLabels[reason]);
  return (
    <span data-testid="run-exit-reason">
      <Trans>Exit reason: {label}</Trans>
    </span>
  );
}

/** Owners and admins: where Cal.com or Calendly send bookings, for the "booked a meeting" exit. */
export function BookingWebhookCard() {
  const webhook = useQuery<BookingWebhook>({ queryKey: ['/api/sequences/booking-webhook'] });
  return (
    <Card data-testid="booking-webhook">
      <CardHeader>
        <CardTitle>
          <Trans>Booking webhook</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Sequences that end on a booked meeting learn of bookings here. Give your scheduling tool this
            address and secret.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <QueryState query={webhook}>
          {(w) => (
            <div className="space-y-3">
              <CopyField label={msg`Webhook URL`} value={w.url} />
              <CopyField label={msg`Signing secret`} value={w.secret} />
            </div>
          )}
        </QueryState>
        <ul className="list-disc space-y-1 ps-5 text-muted-foreground">
          <li>
            <Trans>
              Cal.com: Settings, Developer, Webhooks, New. Paste the URL as the subscriber URL, choose the
              Booking created event and paste the secret.
            </Trans>
          </li>
          <li>
            <Trans>
              Calendly: create a webhook subscription for the invitee.created event with this URL and the
              secret as its signing key.
            </Trans>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

function CopyField({ label, value }: { label: MessageDescriptor; value: string }) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {i18n._(label)}
      </label>
      <Input
        id={id}
        readOnly
        value={value}
        className="font-mono text-xs"
        onFocus={(e) => e.target.select()}
      />
    </div>
  );
}
