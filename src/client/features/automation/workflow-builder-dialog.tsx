import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
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
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useForms } from '@client/features/forms';
import { useSegments } from '@client/features/segments';
import { fieldMessage } from '@client/i18n/field-message';
import { addDays } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { instantOf, localInputValue } from '@client/lib/local-time';
import {
  type Step,
  type StepType,
  type Trigger,
  type TriggerType,
  triggerTypes,
  updatableFields,
  waitUnits,
  workflowStatuses,
} from '@domain/automation/workflow-schemas';
import { contactStatuses } from '@domain/contacts/contact-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type FieldError, get, useFieldArray, useForm } from 'react-hook-form';
import { useDeleteWorkflow, useSaveWorkflow, useWorkflow } from './automation-api';
import { ExitRulesFields, WorkflowRuns } from './sequence-fields';
import { type WorkflowFormValues, workflowFormSchema, workflowFormValues } from './workflow-form-schema';
import { workflowStatusLabels } from './workflow-labels';

/** How a merge field is written in a subject or body (filled per contact when the email is queued). */
const mergeFieldExample = '{{firstName}}';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

const triggerLabels: Record<TriggerType, MessageDescriptor> = {
  contact_created: msg`Contact created`,
  status_changed: msg`Status changed`,
  tag_added: msg`Tag added`,
  email_received: msg`Email received`,
  app_event: msg`Form or app event`,
  date_reached: msg`A date is reached`,
  schedule: msg`On a schedule`,
  form_submitted: msg`Form submitted`,
  page_visited: msg`Visited a page`,
  segment_entered: msg`Entered a segment`,
  segment_left: msg`Left a segment`,
};

/** The step types the list editor builds; branches and A/B splits made through the API are kept as they are. */
const editableSteps = [
  'send_email',
  'wait',
  'wait_until',
  'update_field',
  'add_tag',
  'remove_tag',
  'create_note',
  'create_task',
  'notify_member',
  'webhook',
] as const satisfies readonly StepType[];

const stepLabels: Record<StepType, MessageDescriptor> = {
  send_email: msg`Send email`,
  wait: msg`Wait`,
  wait_until: msg`Wait until a date`,
  update_field: msg`Update a field`,
  add_tag: msg`Add tag`,
  remove_tag: msg`Remove tag`,
  create_note: msg`Create note`,
  create_task: msg`Create task`,
  notify_member: msg`Notify team`,
  webhook: msg`Call webhook`,
  branch: msg`Branch on a condition`,
  ab_split: msg`A/B split`,
};

const unitLabels: Record<(typeof waitUnits)[number], MessageDescriptor> = {
  minutes: msg`minutes`,
  hours: msg`hours`,
  days: msg`days`,
};

function newStep(type: (typeof editableSteps)[number]): Step {
  switch (type) {
    case 'send_email':
      return { type, subject: '', body: '' };
    case 'wait':
      return { type, amount: 1, unit: 'days' };
    case 'wait_until':
      return { type, at: addDays(new Date(), 1).toISOString() };
    case 'update_field':
      return { type, field: 'status', value: 'qualified' };
    case 'add_tag':
    case 'remove_tag':
      return { type, tag: '' };
    case 'create_note':
      return { type, body: '' };
    case 'create_task':
      return { type, title: '', dueInDays: 1 };
    case 'notify_member':
      return { type, message: '' };
    case 'webhook':
      return { type, url: 'https://' };
  }
}

/** 'Create New Workflow' and editing one: name, trigger, a list of steps; saved as a draft, active or paused. */
export function WorkflowBuilderDialog({
  workflowId,
  onClose,
}: {
  workflowId: number | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const existing = useWorkflow(workflowId);
  const save = useSaveWorkflow();
  const remove = useDeleteWorkflow();
  const schema = useMemo(() => workflowFormSchema(workflowId === null), [workflowId]);
  const form = useForm<WorkflowFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: workflowFormValues(undefined),
  });
  const { errors } = form.formState;
  // Steps have no identity of their own: their place in the list is what they are (the ids are the form's).
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  // The menu beside 'Add step' picks what to add; it is not part of the workflow.
  const [adding, setAdding] = useState<(typeof editableSteps)[number]>('send_email');
  const name = form.watch('name');

  useEffect(() => {
    if (existing.data) form.reset(workflowFormValues(existing.data));
  }, [existing.data, form]);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: workflowId, body: values },
      {
        onSuccess: () => {
          toast({ title: t`Workflow saved` });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form)) toastError(t`Could not save the workflow`, error);
        },
      },
    ),
  );
  const stepsError = errors.steps?.message ?? errors.steps?.root?.message;
  // The trigger's and steps' fields depend on their type, so their errors are looked up by path.
  const errorAt = (path: string) => (get(errors, path) as FieldError | undefined)?.message;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {workflowId === null ? <Trans>Create New Workflow</Trans> : <Trans>Edit Workflow</Trans>}
          </DialogTitle>
          <DialogDescription>
            <Trans>
              When the trigger happens, each step runs in order. Editing an active workflow makes a new
              version.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormField label={<Trans>Name</Trans>} error={errors.name?.message}>
              {(id, invalid) => (
                <Input id={id} aria-invalid={invalid} maxLength={200} {...form.register('name')} />
              )}
            </FormField>
            <SelectField
              control={form.control}
              name="status"
              label={<Trans>Status</Trans>}
              error={errors.status?.message}
              options={workflowStatuses.map((s) => ({ value: s, label: i18n._(workflowStatusLabels[s]) }))}
            />
          </div>
          <FormField label={<Trans>Description</Trans>} error={errors.description?.message}>
            {(id, invalid) => (
              <Input id={id} aria-invalid={invalid} maxLength={1000} {...form.register('description')} />
            )}
          </FormField>
          <fieldset className="space-y-2 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">
              <Trans>Trigger</Trans>
            </legend>
            <Controller
              control={form.control}
              name="trigger"
              render={({ field }) => (
                <TriggerFields
                  trigger={field.value}
                  onChange={field.onChange}
                  errorOf={(key) => errorAt(`trigger.${key}`)}
                />
              )}
            />
          </fieldset>
          <fieldset className="space-y-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">
              <Trans>Steps</Trans>
            </legend>
            {steps.fields.length === 0 && (
              <p className="text-sm text-muted-foreground">
                <Trans>No steps yet. Add the first one below.</Trans>
              </p>
            )}
            <ol className="space-y-3" data-testid="workflow-steps">
              {steps.fields.map((item, index) => (
                <li key={item.id} className="space-y-2 rounded-md border bg-muted/30 p-3">
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm font-medium">
                      {index + 1}. {i18n._(stepLabels[item.type])}
                    </span>
                    <div className="flex gap-1">
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        aria-label={t`Move step up`}
                        disabled={index === 0}
                        onClick={() => steps.move(index, index - 1)}
                      >
                        <ArrowUp className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        aria-label={t`Move step down`}
                        disabled={index === steps.fields.length - 1}
                        onClick={() => steps.move(index, index + 1)}
                      >
                        <ArrowDown className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        aria-label={t`Remove step`}
                        onClick={() => steps.remove(index)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                  <Controller
                    control={form.control}
                    name={`steps.${index}`}
                    render={({ field }) => (
                      <StepFields
                        step={field.value}
                        onChange={field.onChange}
                        errorOf={(key) => errorAt(`steps.${index}.${key}`)}
                      />
                    )}
                  />
                </li>
              ))}
            </ol>
            {stepsError && (
              <p className="text-xs text-destructive" role="alert">
                {fieldMessage(stepsError)}
              </p>
            )}
            <div className="flex gap-2">
              <select
                aria-label={t`Step to add`}
                className={selectClass}
                value={adding}
                onChange={(e) => setAdding(e.target.value as (typeof editableSteps)[number])}
              >
                {editableSteps.map((type) => (
                  <option key={type} value={type}>
                    {i18n._(stepLabels[type])}
                  </option>
                ))}
              </select>
              <Button type="button" variant="outline" onClick={() => steps.append(newStep(adding))}>
                <Trans>Add step</Trans>
              </Button>
            </div>
          </fieldset>
          <Controller
            control={form.control}
            name="exitRules"
            render={({ field }) => <ExitRulesFields value={field.value} onChange={field.onChange} />}
          />
          {workflowId !== null && <WorkflowRuns workflowId={workflowId} />}
          <DialogFooter className="gap-2">
            {workflowId !== null && (
              <Button
                type="button"
                variant="destructive"
                disabled={remove.isPending}
                onClick={() => remove.mutate(workflowId, { onSuccess: onClose })}
              >
                <Trans>Delete</Trans>
              </Button>
            )}
            <Button
              type="submit"
              disabled={save.isPending || steps.fields.length === 0 || name.trim() === ''}
            >
              <Trans>Save Workflow</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A field's error under its input (the inputs of a trigger or step are named by their aria-label). */
function FieldProblem({ message }: { message: string | undefined }) {
  return message ? (
    <p className="text-xs text-destructive" role="alert">
      {fieldMessage(message)}
    </p>
  ) : null;
}

type ErrorOf = (key: string) => string | undefined;

/** The trigger's type, and what it waits for; changing the type starts that type's fields afresh. */
function TriggerFields({
  trigger,
  onChange,
  errorOf,
}: {
  trigger: Trigger;
  onChange: (trigger: Trigger) => void;
  errorOf: ErrorOf;
}) {
  const { t, i18n } = useLingui();
  const forms = useForms();
  const segments = useSegments();
  const changeType = (type: TriggerType) =>
    onChange(
      type === 'status_changed'
        ? { type, to: 'customer' }
        : type === 'tag_added'
          ? { type, tag: '' }
          : type === 'schedule'
            ? { type, everyHours: 24 }
            : type === 'date_reached'
              ? { type, field: 'createdAt', days: 7 }
              : type === 'app_event'
                ? { type, eventType: '' }
                : type === 'page_visited'
                  ? { type, path: '/' }
                  : type === 'segment_entered' || type === 'segment_left'
                    ? { type, segmentId: segments.data?.[0]?.id ?? 0 }
                    : { type },
    );
  return (
    <>
      <select
        aria-label={t`Trigger`}
        className={selectClass}
        value={trigger.type}
        onChange={(e) => changeType(e.target.value as TriggerType)}
      >
        {triggerTypes.map((type) => (
          <option key={type} value={type}>
            {i18n._(triggerLabels[type])}
          </option>
        ))}
      </select>
      {trigger.type === 'status_changed' && (
        <select
          aria-label={t`New status`}
          className={selectClass}
          value={trigger.to ?? ''}
          onChange={(e) =>
            onChange({
              type: 'status_changed',
              ...(e.target.value ? { to: e.target.value as 'lead' } : {}),
            })
          }
        >
          <option value="">{t`Any status`}</option>
          {contactStatuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      )}
      {trigger.type === 'tag_added' && (
        <Input
          aria-label={t`Tag`}
          aria-invalid={Boolean(errorOf('tag'))}
          value={trigger.tag}
          onChange={(e) => onChange({ type: 'tag_added', tag: e.target.value })}
        />
      )}
      {trigger.type === 'app_event' && (
        <Input
          aria-label={t`Event type`}
          aria-invalid={Boolean(errorOf('eventType'))}
          value={trigger.eventType}
          onChange={(e) => onChange({ type: 'app_event', eventType: e.target.value })}
        />
      )}
      {trigger.type === 'date_reached' && (
        <div className="grid grid-cols-2 gap-2">
          <Input
            type="number"
            min={0}
            aria-label={t`Days after`}
            aria-invalid={Boolean(errorOf('days'))}
            value={trigger.days}
            onChange={(e) => onChange({ ...trigger, days: Number(e.target.value) })}
          />
          <select
            aria-label={t`Date field`}
            className={selectClass}
            value={trigger.field}
            onChange={(e) => onChange({ ...trigger, field: e.target.value as 'createdAt' })}
          >
            <option value="createdAt">{t`Created`}</option>
            <option value="lastContactedAt">{t`Last contacted`}</option>
          </select>
        </div>
      )}
      {trigger.type === 'form_submitted' && (
        <select
          aria-label={t`Form`}
          className={selectClass}
          value={trigger.formId ?? ''}
          onChange={(e) =>
            onChange({
              type: 'form_submitted',
              ...(e.target.value ? { formId: Number(e.target.value) } : {}),
            })
          }
        >
          <option value="">{t`Any form`}</option>
          {(forms.data ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      )}
      {(trigger.type === 'segment_entered' || trigger.type === 'segment_left') && (
        <select
          aria-label={t`Segment`}
          aria-invalid={Boolean(errorOf('segmentId'))}
          className={selectClass}
          value={trigger.segmentId || ''}
          onChange={(e) => onChange({ type: trigger.type, segmentId: Number(e.target.value) })}
        >
          <option value="" disabled>
            {t`Choose a segment`}
          </option>
          {(segments.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      )}
      {trigger.type === 'page_visited' && (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <Input
            className="sm:col-span-2"
            aria-label={t`Page path (* for any part)`}
            aria-invalid={Boolean(errorOf('path'))}
            value={trigger.path}
            onChange={(e) => onChange({ ...trigger, path: e.target.value })}
          />
          <Input
            type="number"
            min={1}
            aria-label={t`Times (optional)`}
            aria-invalid={Boolean(errorOf('count'))}
            value={trigger.count ?? ''}
            onChange={(e) =>
              onChange({
                type: 'page_visited',
                path: trigger.path,
                ...(e.target.value ? { count: Number(e.target.value) } : {}),
              })
            }
          />
          <p className="text-xs text-muted-foreground sm:col-span-3">
            <Trans>
              Page views of contacts who identified themselves on your website. Each contact enters once.
            </Trans>
          </p>
        </div>
      )}
      {trigger.type === 'schedule' && (
        <Input
          type="number"
          min={1}
          aria-label={t`Every how many hours`}
          aria-invalid={Boolean(errorOf('everyHours'))}
          value={trigger.everyHours}
          onChange={(e) => onChange({ type: 'schedule', everyHours: Number(e.target.value) })}
        />
      )}
      <FieldProblem
        message={
          errorOf('tag') ??
          errorOf('everyHours') ??
          errorOf('to') ??
          errorOf('eventType') ??
          errorOf('days') ??
          errorOf('path') ??
          errorOf('count') ??
          errorOf('formId')
        }
      />
    </>
  );
}

/** A step's inputs, and under them what the schema or the server refused in them. */
function StepFields({
  step,
  onChange,
  errorOf,
}: {
  step: Step;
  onChange: (step: Step) => void;
  errorOf: ErrorOf;
}) {
  const fields = Object.keys(step).filter((key) => key !== 'type');
  return (
    <>
      <StepInputs step={step} onChange={onChange} />
      {fields.map((key) => (
        <FieldProblem key={key} message={errorOf(key)} />
      ))}
    </>
  );
}

function StepInputs({ step, onChange }: { step: Step; onChange: (step: Step) => void }) {
  const { t, i18n } = useLingui();
  switch (step.type) {
    case 'send_email':
      return (
        <>
          <Input
            aria-label={t`Subject`}
            placeholder={t`Subject`}
            value={step.subject}
            onChange={(e) => onChange({ ...step, subject: e.target.value })}
          />
          <Textarea
            aria-label={t`Email body`}
            placeholder={t`Hello ${mergeFieldExample}, …`}
            value={step.body}
            onChange={(e) => onChange({ ...step, body: e.target.value })}
          />
        </>
      );
    case 'wait':
      return (
        <div className="flex gap-2">
          <Input
            type="number"
            min={1}
            aria-label={t`Wait for`}
            value={step.amount}
            onChange={(e) => onChange({ ...step, amount: Number(e.target.value) })}
          />
          <select
            aria-label={t`Unit`}
            className={selectClass}
            value={step.unit}
            onChange={(e) => onChange({ ...step, unit: e.target.value as 'days' })}
          >
            {waitUnits.map((u) => (
              <option key={u} value={u}>
                {i18n._(unitLabels[u])}
              </option>
            ))}
          </select>
        </div>
      );
    case 'wait_until':
      return (
        <Input
          type="datetime-local"
          aria-label={t`Wait until`}
          value={localInputValue(step.at)}
          onChange={(e) => onChange({ ...step, at: instantOf(e.target.value) })}
        />
      );
    case 'update_field':
      return (
        <div className="flex gap-2">
          <select
            aria-label={t`Field`}
            className={selectClass}
            value={step.field}
            onChange={(e) => onChange({ ...step, field: e.target.value as 'status' })}
          >
            {updatableFields.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
          <Input
            aria-label={t`New value`}
            value={step.value}
            onChange={(e) => onChange({ ...step, value: e.target.value })}
          />
        </div>
      );
    case 'add_tag':
    case 'remove_tag':
      return (
        <Input
          aria-label={t`Tag`}
          value={step.tag}
          onChange={(e) => onChange({ ...step, tag: e.target.value })}
        />
      );
    case 'create_note':
      return (
        <Textarea
          aria-label={t`Note`}
          value={step.body}
          onChange={(e) => onChange({ ...step, body: e.target.value })}
        />
      );
    case 'create_task':
      return (
        <div className="grid grid-cols-[1fr_8rem] gap-2">
          <Input
            aria-label={t`Task`}
            value={step.title}
            onChange={(e) => onChange({ ...step, title: e.target.value })}
          />
          <Input
            type="number"
            min={0}
            aria-label={t`Due in days`}
            value={step.dueInDays}
            onChange={(e) => onChange({ ...step, dueInDays: Number(e.target.value) })}
          />
        </div>
      );
    case 'notify_member':
      return (
        <Input
          aria-label={t`Message`}
          value={step.message}
          onChange={(e) => onChange({ ...step, message: e.target.value })}
        />
      );
    case 'webhook':
      return (
        <Input
          type="url"
          aria-label={t`Webhook URL`}
          value={step.url}
          onChange={(e) => onChange({ ...step, url: e.target.value })}
        />
      );
    default:
      return (
        <p className="text-sm text-muted-foreground">
          <Trans>Kept as it is; branches and A/B splits are edited through the API.</Trans>
        </p>
      );
  }
}
