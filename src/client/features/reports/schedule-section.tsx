import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
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
import { useMembers } from '@client/features/members';
import { browserTimeZone, formatDate, formatDateTime } from '@client/i18n/format';
import { ApiError } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { type Locale, localeNames, locales } from '@domain/locales';
import {
  type Schedule,
  type ScheduleFrequency,
  type ScheduleInput,
  scheduleFrequencies,
} from '@domain/reports/schedule-schemas';
import { hasRole } from '@domain/roles';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useDeleteSchedule, useMySubscription, useSaveSchedule, useSchedules } from './schedules-api';

/** What a schedule sends: one saved report, or one shared dashboard. */
export type ScheduleTarget = { reportId: number } | { dashboardId: number };

const frequencyLabels = {
  daily: msg`Daily`,
  weekly: msg`Weekly`,
  monthly: msg`Monthly`,
} satisfies Record<ScheduleFrequency, unknown>;

// 1 January 2024 was a Monday: weekday n (1 Monday … 7 Sunday) is that date plus n − 1 days.
const weekdayName = (weekday: number) =>
  formatDate(Date.UTC(2024, 0, weekday), { weekday: 'long', timeZone: 'UTC' });
const monthDays = Array.from({ length: 28 }, (_, i) => i + 1);
const weekdays = [1, 2, 3, 4, 5, 6, 7];
const separator = ' · ';

const matches = (schedule: Schedule, target: ScheduleTarget) =>
  'reportId' in target ? schedule.reportId === target.reportId : schedule.dashboardId === target.dashboardId;

interface Draft {
  frequency: ScheduleFrequency;
  weekday: number;
  monthDay: number;
  timeOfDay: string;
  /** Members chosen, by user id, with the zone each one's time is read in (kept from before, else the editor's). */
  members: Map<number, string>;
  outside: { email: string; locale: Locale; timeZone: string }[];
  newEmail: string;
  newLocale: Locale;
}

function draftOf(schedule: Schedule | null): Draft {
  const members = new Map<number, string>();
  const outside: Draft['outside'] = [];
  for (const r of schedule?.recipients ?? []) {
    if (r.userId !== null) members.set(r.userId, r.timeZone);
    else outside.push({ email: r.email, locale: (r.locale ?? 'en') as Locale, timeZone: r.timeZone });
  }
  return {
    frequency: schedule?.frequency ?? 'weekly',
    weekday: schedule?.weekday ?? 1,
    monthDay: schedule?.monthDay ?? 1,
    timeOfDay: schedule?.timeOfDay ?? '08:00',
    members,
    outside,
    newEmail: '',
    newLocale: 'en',
  };
}

function inputOf(target: ScheduleTarget, draft: Draft): ScheduleInput {
  return {
    ...target,
    frequency: draft.frequency,
    weekday: draft.frequency === 'weekly' ? draft.weekday : undefined,
    monthDay: draft.frequency === 'monthly' ? draft.monthDay : undefined,
    timeOfDay: draft.timeOfDay,
    recipients: [...[...draft.members].map(([userId, timeZone]) => ({ userId, timeZone })), ...draft.outside],
  };
}

function ScheduleDialog({
  target,
  schedule,
  open,
  onOpenChange,
}: {
  target: ScheduleTarget;
  schedule: Schedule | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n, t } = useLingui();
  const members = useMembers();
  const save = useSaveSchedule();
  const [draft, setDraft] = useState(() => draftOf(schedule));
  const issues = save.error instanceof ApiError ? save.error.issues : [];
  const errorOf = (path: string) => issues.find((issue) => issue.path === path)?.message;
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = () =>
    save.mutate(
      { id: schedule?.id ?? null, input: inputOf(target, draft) },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          if (!(error instanceof ApiError) || error.issues.length === 0)
            toastError(t`The schedule could not be saved.`, error);
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {schedule ? <Trans>Edit schedule</Trans> : <Trans>Schedule by email</Trans>}
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Each recipient gets the figures and a PDF at this time of day in their own time zone. Outside
              addresses confirm by email first.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <FormField label={t`How often`} error={errorOf('frequency')}>
              {(id) => (
                <select
                  id={id}
                  className={selectTriggerClassName}
                  value={draft.frequency}
                  onChange={(e) => change({ frequency: e.target.value as ScheduleFrequency })}
                >
                  {scheduleFrequencies.map((f) => (
                    <option key={f} value={f}>
                      {i18n._(frequencyLabels[f])}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            {draft.frequency === 'weekly' && (
              <FormField label={t`Weekday`} error={errorOf('weekday')}>
                {(id) => (
                  <select
                    id={id}
                    className={selectTriggerClassName}
                    value={draft.weekday}
                    onChange={(e) => change({ weekday: Number(e.target.value) })}
                  >
                    {weekdays.map((d) => (
                      <option key={d} value={d}>
                        {weekdayName(d)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            )}
            {draft.frequency === 'monthly' && (
              <FormField label={t`Day of the month`} error={errorOf('monthDay')}>
                {(id) => (
                  <select
                    id={id}
                    className={selectTriggerClassName}
                    value={draft.monthDay}
                    onChange={(e) => change({ monthDay: Number(e.target.value) })}
                  >
                    {monthDays.map((d) => (
                      <option key={d} value={d}>
                        {d}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            )}
            <FormField label={t`Time of day`} error={errorOf('timeOfDay')}>
              {(id) => (
                <Input
                  id={id}
                  type="time"
                  required
                  value={draft.timeOfDay}
                  onChange={(e) => change({ timeOfDay: e.target.value })}
                />
              )}
            </FormField>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">
              <Trans>Members</Trans>
            </legend>
            <ul className="max-h-48 space-y-1 overflow-y-auto">
              {(members.data ?? []).map((m) => {
                const name = `${m.firstName} ${m.lastName}`.trim() || m.email;
                return (
                  <li key={m.userId}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={draft.members.has(m.userId)}
                        onChange={(e) => {
                          const next = new Map(draft.members);
                          if (e.target.checked) next.set(m.userId, browserTimeZone());
                          else next.delete(m.userId);
                          change({ members: next });
                        }}
                      />
                      <span className="truncate">{name}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">
              <Trans>Outside addresses</Trans>
            </legend>
            <ul className="space-y-1 text-sm">
              {draft.outside.map((o, i) => (
                <li key={o.email} className="flex items-center justify-between gap-2">
                  <span className="truncate">
                    {o.email}
                    {separator}
                    {localeNames[o.locale]}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => change({ outside: draft.outside.filter((_, j) => j !== i) })}
                  >
                    <Trash2 />
                    <span className="sr-only">
                      <Trans>Remove {o.email}</Trans>
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end">
              <FormField label={t`Email address`} error={errorOf(`recipients.${draft.members.size}.email`)}>
                {(id) => (
                  <Input
                    id={id}
                    type="email"
                    value={draft.newEmail}
                    onChange={(e) => change({ newEmail: e.target.value })}
                  />
                )}
              </FormField>
              <FormField label={t`Language`}>
                {(id) => (
                  <select
                    id={id}
                    className={selectTriggerClassName}
                    value={draft.newLocale}
                    onChange={(e) => change({ newLocale: e.target.value as Locale })}
                  >
                    {locales.map((l) => (
                      <option key={l} value={l}>
                        {localeNames[l]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <Button
                type="button"
                variant="outline"
                disabled={draft.newEmail.trim() === ''}
                onClick={() =>
                  change({
                    outside: [
                      ...draft.outside,
                      { email: draft.newEmail.trim(), locale: draft.newLocale, timeZone: browserTimeZone() },
                    ],
                    newEmail: '',
                  })
                }
              >
                <Plus />
                <Trans>Add address</Trans>
              </Button>
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              <Trans>Save schedule</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** How often and when, in words: "Weekly · Monday · 08:00". */
function ruleText(i18n: ReturnType<typeof useLingui>['i18n'], s: Schedule): string {
  const day =
    s.frequency === 'weekly' && s.weekday ? weekdayName(s.weekday) : s.monthDay ? String(s.monthDay) : null;
  return [i18n._(frequencyLabels[s.frequency]), day, s.timeOfDay].filter(Boolean).join(separator);
}

/**
 * The "Schedule" section of a report or a dashboard: its schedules with each recipient's next send (in the
 * viewer's time zone); owners and admins add, change and delete them; a member subscribes only themselves.
 */
export function ScheduleSection({ target }: { target: ScheduleTarget }) {
  const { i18n, t } = useLingui();
  const { user } = useAuth();
  const canWrite = Boolean(user && hasRole(user.role, 'admin'));
  const canSubscribe = Boolean(user && hasRole(user.role, 'member'));
  const list = useSchedules();
  const remove = useDeleteSchedule();
  const mine = useMySubscription();
  const [editing, setEditing] = useState<{ schedule: Schedule | null } | null>(null);
  const schedules = (list.data?.schedules ?? []).filter((s) => matches(s, target));
  const headingId = useId();

  return (
    <section className="space-y-3 rounded-md border p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <CalendarClock className="size-4" aria-hidden />
          <Trans>Schedule</Trans>
        </h2>
        {canWrite && (
          <Button size="sm" variant="outline" onClick={() => setEditing({ schedule: null })}>
            <Plus />
            <Trans>Add schedule</Trans>
          </Button>
        )}
      </div>
      {schedules.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Not sent by email yet.</Trans>
        </p>
      ) : (
        <ul className="space-y-3">
          {schedules.map((s) => {
            const me = s.recipients.find((r) => r.userId === user?.id);
            return (
              <li key={s.id} className="space-y-1 rounded-md bg-muted/40 p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{ruleText(i18n, s)}</span>
                  <span className="flex flex-wrap gap-1">
                    {canSubscribe && (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={mine.isPending}
                        onClick={() =>
                          mine.mutate(
                            { id: s.id, on: !me || me.unsubscribed },
                            {
                              onError: (error) =>
                                toastError(t`Your subscription could not be changed.`, error),
                            },
                          )
                        }
                      >
                        {me && !me.unsubscribed ? (
                          <Trans>Stop sending to me</Trans>
                        ) : (
                          <Trans>Send to me</Trans>
                        )}
                      </Button>
                    )}
                    {canWrite && (
                      <>
                        <Button size="sm" variant="ghost" onClick={() => setEditing({ schedule: s })}>
                          <Pencil />
                          <Trans>Edit</Trans>
                        </Button>
                        <ConfirmDeleteDialog
                          title={t`Delete this schedule?`}
                          description={t`No more email is sent by it.`}
                          confirmLabel={<Trans>Delete</Trans>}
                          errorTitle={t`The schedule could not be deleted.`}
                          onConfirm={() => remove.mutateAsync(s.id)}
                          trigger={
                            <Button size="sm" variant="ghost">
                              <Trash2 />
                              <Trans>Delete</Trans>
                            </Button>
                          }
                        />
                      </>
                    )}
                  </span>
                </div>
                <ul className="space-y-0.5 text-muted-foreground">
                  {s.recipients.map((r) => (
                    <li key={r.id} className="flex flex-wrap justify-between gap-x-3">
                      <span className="truncate">{r.name ?? r.email}</span>
                      <span>
                        {r.unsubscribed ? (
                          <Trans>Unsubscribed</Trans>
                        ) : !r.confirmed ? (
                          <Trans>Waiting for confirmation</Trans>
                        ) : r.nextSendAt ? (
                          <Trans>Next: {formatDateTime(r.nextSendAt)}</Trans>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ScheduleDialog
          key={editing.schedule?.id ?? 'new'}
          target={target}
          schedule={editing.schedule}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
    </section>
  );
}
