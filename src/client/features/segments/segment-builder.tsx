import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useForms } from '@client/features/forms';
import { useWebsites } from '@client/features/websites';
import { toastError } from '@client/lib/error-toast';
import { dealStageLabels, dealStages } from '@domain/deals/deal-schemas';
import {
  campaignEvents,
  fieldOperators,
  type Segment,
  type SegmentCondition,
  type SegmentConditionKind,
  type SegmentItem,
  type SegmentMatch,
  segmentContactFields,
} from '@domain/segments/segment-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSaveSegment } from './segments-api';

const selectClass =
  'h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

const kindLabels: Record<SegmentConditionKind, MessageDescriptor> = {
  field: msg`Contact field`,
  tag: msg`Tag`,
  source: msg`Source`,
  website: msg`Website`,
  deal_stage: msg`Deal stage`,
  form_submitted: msg`Form submitted`,
  page_views: msg`Page views`,
  campaign: msg`Campaign`,
  email_replied: msg`Replied by email`,
};

const fieldLabels: Record<(typeof segmentContactFields)[number], MessageDescriptor> = {
  firstName: msg`First name`,
  lastName: msg`Last name`,
  email: msg`Email`,
  phone: msg`Phone`,
  company: msg`Company`,
  status: msg`Status`,
  address: msg`Address`,
  city: msg`City`,
  state: msg`State`,
  zip: msg`ZIP code`,
  notes: msg`Notes`,
  property: msg`Property`,
};

const operatorLabels: Record<(typeof fieldOperators)[number], MessageDescriptor> = {
  equals: msg`equals`,
  not_equals: msg`does not equal`,
  contains: msg`contains`,
  empty: msg`is empty`,
  not_empty: msg`is not empty`,
};

const eventLabels: Record<(typeof campaignEvents)[number], MessageDescriptor> = {
  received: msg`received`,
  opened: msg`opened`,
  clicked: msg`clicked`,
  bounced: msg`bounced`,
};

/** A fresh condition of the kind, with the values a person most often starts from. */
function newCondition(kind: SegmentConditionKind): SegmentCondition {
  switch (kind) {
    case 'field':
      return { kind, field: 'city', op: 'equals', value: '' };
    case 'tag':
      return { kind, op: 'has', tag: '' };
    case 'source':
      return { kind, op: 'is', value: '' };
    case 'website':
      return { kind, websiteId: 0 };
    case 'deal_stage':
      return { kind, stage: 'proposal' };
    case 'form_submitted':
      return { kind };
    case 'page_views':
      return { kind, path: '/' };
    case 'campaign':
      return { kind, event: 'opened' };
    case 'email_replied':
      return { kind };
  }
}

/** A whole number typed in, or undefined when the box is empty. */
const optionalNumber = (value: string) => (value === '' ? undefined : Number(value));

/** The editor of one condition; `label` names it for screen readers ("Condition 2"). */
function ConditionRow({
  condition,
  label,
  onChange,
  onRemove,
}: {
  condition: SegmentCondition;
  label: string;
  onChange: (c: SegmentCondition) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useLingui();
  const forms = useForms();
  const websites = useWebsites();
  const withinDays =
    'withinDays' in condition || condition.kind === 'form_submitted' || condition.kind === 'email_replied' ? (
      <Input
        type="number"
        min={1}
        className="w-32"
        aria-label={t`Within days (optional)`}
        placeholder={t`Within days`}
        value={'withinDays' in condition ? (condition.withinDays ?? '') : ''}
        onChange={(e) =>
          onChange({ ...condition, withinDays: optionalNumber(e.target.value) } as SegmentCondition)
        }
      />
    ) : null;
  return (
    <fieldset className="flex flex-wrap items-center gap-2" aria-label={label}>
      <select
        aria-label={t`Condition`}
        className={selectClass}
        value={condition.kind}
        onChange={(e) => onChange(newCondition(e.target.value as SegmentConditionKind))}
      >
        {Object.entries(kindLabels).map(([kind, label]) => (
          <option key={kind} value={kind}>
            {i18n._(label)}
          </option>
        ))}
      </select>
      {condition.kind === 'field' && (
        <>
          <select
            aria-label={t`Contact field`}
            className={selectClass}
            value={condition.field}
            onChange={(e) => onChange({ ...condition, field: e.target.value as typeof condition.field })}
          >
            {segmentContactFields.map((f) => (
              <option key={f} value={f}>
                {i18n._(fieldLabels[f])}
              </option>
            ))}
          </select>
          {condition.field === 'property' && (
            <Input
              className="w-40"
              aria-label={t`Property`}
              placeholder={t`Property`}
              value={condition.property ?? ''}
              onChange={(e) => onChange({ ...condition, property: e.target.value })}
            />
          )}
          <select
            aria-label={t`Comparison`}
            className={selectClass}
            value={condition.op}
            onChange={(e) => onChange({ ...condition, op: e.target.value as typeof condition.op })}
          >
            {fieldOperators.map((op) => (
              <option key={op} value={op}>
                {i18n._(operatorLabels[op])}
              </option>
            ))}
          </select>
          {condition.op !== 'empty' && condition.op !== 'not_empty' && (
            <Input
              className="w-48"
              aria-label={t`Value`}
              placeholder={t`Value`}
              value={condition.value ?? ''}
              onChange={(e) => onChange({ ...condition, value: e.target.value })}
            />
          )}
        </>
      )}
      {condition.kind === 'tag' && (
        <>
          <select
            aria-label={t`Comparison`}
            className={selectClass}
            value={condition.op}
            onChange={(e) => onChange({ ...condition, op: e.target.value as 'has' })}
          >
            <option value="has">{t`has`}</option>
            <option value="has_not">{t`does not have`}</option>
          </select>
          <Input
            className="w-40"
            aria-label={t`Tag`}
            placeholder={t`Tag`}
            value={condition.tag}
            onChange={(e) => onChange({ ...condition, tag: e.target.value })}
          />
        </>
      )}
      {condition.kind === 'source' && (
        <>
          <select
            aria-label={t`Comparison`}
            className={selectClass}
            value={condition.op}
            onChange={(e) => onChange({ ...condition, op: e.target.value as 'is' })}
          >
            <option value="is">{t`is`}</option>
            <option value="is_not">{t`is not`}</option>
          </select>
          <Input
            className="w-40"
            aria-label={t`Source`}
            placeholder={t`Source`}
            value={condition.value}
            onChange={(e) => onChange({ ...condition, value: e.target.value })}
          />
        </>
      )}
      {condition.kind === 'website' && (
        <select
          aria-label={t`Website`}
          className={selectClass}
          value={condition.websiteId || ''}
          onChange={(e) => onChange({ ...condition, websiteId: Number(e.target.value) })}
        >
          <option value="" disabled>
            {t`Choose a website`}
          </option>
          {(websites.data ?? []).map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      )}
      {condition.kind === 'deal_stage' && (
        <select
          aria-label={t`Deal stage`}
          className={selectClass}
          value={condition.stage}
          onChange={(e) => onChange({ ...condition, stage: e.target.value as typeof condition.stage })}
        >
          {dealStages.map((s) => (
            <option key={s} value={s}>
              {dealStageLabels[s]}
            </option>
          ))}
        </select>
      )}
      {condition.kind === 'form_submitted' && (
        <select
          aria-label={t`Form`}
          className={selectClass}
          value={condition.formId ?? ''}
          onChange={(e) => onChange({ ...condition, formId: optionalNumber(e.target.value) })}
        >
          <option value="">{t`Any form`}</option>
          {(forms.data ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      )}
      {condition.kind === 'page_views' && (
        <>
          <Input
            className="w-48"
            aria-label={t`Page path (* for any part)`}
            value={condition.path}
            onChange={(e) => onChange({ ...condition, path: e.target.value })}
          />
          <Input
            type="number"
            min={1}
            className="w-28"
            aria-label={t`Times (optional)`}
            placeholder={t`Times`}
            value={condition.count ?? ''}
            onChange={(e) => onChange({ ...condition, count: optionalNumber(e.target.value) })}
          />
        </>
      )}
      {condition.kind === 'campaign' && (
        <select
          aria-label={t`Campaign event`}
          className={selectClass}
          value={condition.event}
          onChange={(e) => onChange({ ...condition, event: e.target.value as typeof condition.event })}
        >
          {campaignEvents.map((ev) => (
            <option key={ev} value={ev}>
              {i18n._(eventLabels[ev])}
            </option>
          ))}
        </select>
      )}
      {withinDays}
      <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={t`Remove condition`}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </Button>
    </fieldset>
  );
}

function MatchSelect({ value, onChange }: { value: SegmentMatch; onChange: (m: SegmentMatch) => void }) {
  const { t } = useLingui();
  return (
    <select
      aria-label={t`Match`}
      className={selectClass}
      value={value}
      onChange={(e) => onChange(e.target.value as SegmentMatch)}
    >
      <option value="all">{t`All of these`}</option>
      <option value="any">{t`Any of these`}</option>
    </select>
  );
}

/** Builds or edits a segment: a name, conditions combined with all/any, and groups one level deep. */
export function SegmentBuilder({
  segment,
  onClose,
}: {
  segment: Segment | null;
  onClose: (savedId?: number) => void;
}) {
  const { t } = useLingui();
  const save = useSaveSegment();
  const [name, setName] = useState(segment?.name ?? '');
  const [match, setMatch] = useState<SegmentMatch>(segment?.match ?? 'all');
  const [items, setItems] = useState<SegmentItem[]>(segment?.conditions ?? [newCondition('tag')]);
  const replace = (index: number, item: SegmentItem) =>
    setItems(items.map((it, i) => (i === index ? item : it)));
  const remove = (index: number) => setItems(items.filter((_, i) => i !== index));
  const submit = () =>
    save.mutate(
      { id: segment?.id ?? null, body: { name, match, conditions: items } },
      {
        onSuccess: (saved) => {
          toast({ title: t`Segment saved` });
          onClose(saved.id);
        },
        onError: (error) => toastError(t`Could not save the segment`, error),
      },
    );
  return (
    <Card data-testid="segment-builder">
      <CardHeader>
        <CardTitle>{segment ? <Trans>Edit segment</Trans> : <Trans>New segment</Trans>}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label className="block space-y-1 text-sm font-medium">
            <span>
              <Trans>Name</Trans>
            </span>
            <Input value={name} onChange={(e) => setName(e.target.value)} data-testid="input-segment-name" />
          </label>
          <div className="flex items-center gap-2 text-sm">
            <Trans>Contacts who meet</Trans>
            <MatchSelect value={match} onChange={setMatch} />
          </div>
          <div className="space-y-3">
            {items.map((item, index) =>
              item.kind === 'group' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; a row is its position
                <div key={index} className="space-y-2 rounded-md border p-3">
                  <div className="flex items-center gap-2 text-sm">
                    <Trans>Group: contacts who meet</Trans>
                    <MatchSelect value={item.match} onChange={(m) => replace(index, { ...item, match: m })} />
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => remove(index)}
                      aria-label={t`Remove group`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </div>
                  {item.conditions.map((c, j) => (
                    <ConditionRow
                      // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; a row is its position
                      key={j}
                      condition={c}
                      label={t`Condition ${index + 1}.${j + 1}`}
                      onChange={(changed) =>
                        replace(index, {
                          ...item,
                          conditions: item.conditions.map((x, k) => (k === j ? changed : x)),
                        })
                      }
                      onRemove={() =>
                        replace(index, { ...item, conditions: item.conditions.filter((_, k) => k !== j) })
                      }
                    />
                  ))}
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      replace(index, { ...item, conditions: [...item.conditions, newCondition('tag')] })
                    }
                  >
                    <Plus className="h-4 w-4" aria-hidden="true" />
                    <Trans>Add condition</Trans>
                  </Button>
                </div>
              ) : (
                <ConditionRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; a row is its position
                  key={index}
                  condition={item}
                  label={t`Condition ${index + 1}`}
                  onChange={(changed) => replace(index, changed)}
                  onRemove={() => remove(index)}
                />
              ),
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setItems([...items, newCondition('tag')])}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              <Trans>Add condition</Trans>
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                setItems([...items, { kind: 'group', match: 'any', conditions: [newCondition('tag')] }])
              }
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              <Trans>Add group</Trans>
            </Button>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onClose()}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="button-save-segment">
              <Trans>Save segment</Trans>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
