import { pathPatternLike } from '@domain/analytics/path-pattern';
import { isOpenStage } from '@domain/deals/deal-schemas';
import type {
  SegmentCondition,
  SegmentContactField,
  SegmentDefinition,
  SegmentItem,
} from '@domain/segments/segment-schemas';
import { type SQL, sql } from 'drizzle-orm';

/*
 * A segment's definition as one SQL predicate over the contact row `c`. Every value the user typed is a
 * bound parameter; column names come from the fixed map below, never from the definition's text.
 */

const columns: Record<Exclude<SegmentContactField, 'property'>, SQL> = {
  firstName: sql`c.first_name`,
  lastName: sql`c.last_name`,
  email: sql`c.email::text`,
  phone: sql`c.phone`,
  company: sql`c.company`,
  status: sql`c.status`,
  address: sql`c.address`,
  city: sql`c.city`,
  state: sql`c.state`,
  zip: sql`c.zip`,
  notes: sql`c.notes`,
};

/** `at` newer than `withinDays` days before now; always true without a window. */
const within = (at: SQL, withinDays: number | undefined) =>
  withinDays === undefined ? sql`true` : sql`${at} > now() - make_interval(days => ${withinDays})`;

function conditionSql(condition: SegmentCondition): SQL {
  switch (condition.kind) {
    case 'field': {
      const column =
        condition.field === 'property'
          ? sql`(c.properties ->> ${condition.property ?? ''})`
          : columns[condition.field];
      const value = condition.value ?? '';
      switch (condition.op) {
        case 'equals':
          return sql`lower(coalesce(${column}, '')) = lower(${value})`;
        case 'not_equals':
          return sql`lower(coalesce(${column}, '')) <> lower(${value})`;
        case 'contains':
          return sql`strpos(lower(coalesce(${column}, '')), lower(${value})) > 0`;
        case 'empty':
          return sql`btrim(coalesce(${column}, '')) = ''`;
        case 'not_empty':
          return sql`btrim(coalesce(${column}, '')) <> ''`;
      }
      break;
    }
    case 'tag': {
      const has = sql`exists (select 1 from unnest(c.tags) t where lower(t) = lower(${condition.tag}))`;
      return condition.op === 'has' ? has : sql`not ${has}`;
    }
    case 'source':
      return condition.op === 'is'
        ? sql`lower(c.source) = lower(${condition.value})`
        : sql`lower(c.source) <> lower(${condition.value})`;
    case 'website':
      return sql`c.source = (select w.name from websites w where w.id = ${condition.websiteId})`;
    case 'deal_stage':
      return isOpenStage(condition.stage)
        ? sql`exists (select 1 from deals d where d.contact_id = c.id and d.stage = ${condition.stage} and d.closed_at is null)`
        : sql`exists (select 1 from deals d where d.contact_id = c.id and d.stage = ${condition.stage})`;
    case 'form_submitted':
      return sql`exists (select 1 from form_submissions f where f.contact_id = c.id
        and ${condition.formId === undefined ? sql`true` : sql`f.form_id = ${condition.formId}`}
        and ${within(sql`f.submitted_at`, condition.withinDays)})`;
    case 'page_views':
      return sql`(select count(*) from (select 1 from analytics_events e where e.contact_id = c.id
        and e.name = 'pageview' and e.path like ${pathPatternLike(condition.path)}
        and ${within(sql`e.occurred_at`, condition.withinDays)} limit ${condition.count ?? 1}) v) >= ${condition.count ?? 1}`;
    case 'campaign': {
      const campaign =
        condition.campaignId === undefined
          ? sql`m.campaign_id is not null`
          : sql`m.campaign_id = ${condition.campaignId}`;
      const event = {
        received: sql`m.status = 'sent' and ${within(sql`m.sent_at`, condition.withinDays)}`,
        opened: sql`m.opened_at is not null and ${within(sql`m.opened_at`, condition.withinDays)}`,
        clicked: sql`m.clicked_at is not null and ${within(sql`m.clicked_at`, condition.withinDays)}`,
        // A hard bounce suppresses the address the message went to (marketing's delivery reports).
        bounced: sql`exists (select 1 from marketing_suppressions s where s.email = m.to_email
          and s.reason = 'hard_bounce' and ${within(sql`s.created_at`, condition.withinDays)})`,
      }[condition.event];
      return sql`exists (select 1 from marketing_messages m where m.contact_id = c.id and ${campaign} and ${event})`;
    }
    case 'email_replied':
      return sql`exists (select 1 from email_conversations ec where ec.contact_id = c.id
        and ec.direction = 'inbound' and ${within(sql`ec.received_at`, condition.withinDays)})`;
  }
}

function combine(match: SegmentDefinition['match'], parts: SQL[]): SQL {
  return sql`(${sql.join(parts, match === 'all' ? sql` and ` : sql` or `)})`;
}

function itemSql(item: SegmentItem): SQL {
  return item.kind === 'group' ? combine(item.match, item.conditions.map(conditionSql)) : conditionSql(item);
}

export function segmentPredicate(definition: SegmentDefinition): SQL {
  return combine(definition.match, definition.conditions.map(itemSql));
}
