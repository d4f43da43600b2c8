/**
 * What a report can ask of each source: its fields, their types, and which of them group (issue 34 §1).
 * The server holds each field's SQL beside the same names (`src/server/features/reports/catalogue.ts`, typed
 * to cover every field here), so a definition can only ever name catalogued SQL; the client builds its
 * pickers from this list. Labels are marked for translation.
 */

/**
 * number: sums and averages; category: a closed or short set of values (filters compare text, breakdowns
 * group); text: free text (contains, empty); date: before/after; boolean: yes or no.
 */
export type ReportFieldType = 'number' | 'category' | 'text' | 'date' | 'boolean';

export interface ReportField {
  label: string;
  type: ReportFieldType;
  /** The values a category field takes, when they are a fixed set (the builder offers them in filters). */
  options?: readonly string[];
  /** Shown as money (stored in cents, reported in the currency's units). */
  money?: true;
}

export interface ReportSource {
  label: string;
  /** The date the range, the comparison and date breakdowns use. */
  dateLabel: string;
  fields: Record<string, ReportField>;
}

const owner: ReportField = { label: /*i18n*/ 'Owner', type: 'category' };
const website: ReportField = { label: /*i18n*/ 'Website', type: 'category' };

export const reportSources = {
  contacts: {
    label: /*i18n*/ 'Contacts',
    dateLabel: /*i18n*/ 'Created',
    fields: {
      status: {
        label: /*i18n*/ 'Status',
        type: 'category',
        options: ['lead', 'qualified', 'customer', 'lost'],
      },
      source: { label: /*i18n*/ 'Source', type: 'category' },
      owner,
      type: {
        label: /*i18n*/ 'Contact type',
        type: 'category',
        options: ['buyer', 'seller', 'investor', 'realtor', 'friend', 'family'],
      },
      company: { label: /*i18n*/ 'Company', type: 'text' },
      city: { label: /*i18n*/ 'City', type: 'text' },
      email: { label: /*i18n*/ 'Email', type: 'text' },
      value: { label: /*i18n*/ 'Value', type: 'number', money: true },
      lastContacted: { label: /*i18n*/ 'Last contacted', type: 'date' },
    },
  },
  companies: {
    label: /*i18n*/ 'Companies',
    dateLabel: /*i18n*/ 'Created',
    fields: {
      name: { label: /*i18n*/ 'Name', type: 'text' },
      domain: { label: /*i18n*/ 'Domain', type: 'text' },
      contacts: { label: /*i18n*/ 'Contacts', type: 'number' },
    },
  },
  deals: {
    label: /*i18n*/ 'Deals',
    dateLabel: /*i18n*/ 'Created',
    fields: {
      stage: {
        label: /*i18n*/ 'Stage',
        type: 'category',
        options: ['leads', 'qualified', 'proposal', 'negotiation', 'won', 'lost'],
      },
      owner,
      website,
      currency: { label: /*i18n*/ 'Currency', type: 'category' },
      contactSource: { label: /*i18n*/ 'Source', type: 'category' },
      value: { label: /*i18n*/ 'Value', type: 'number', money: true },
      closed: { label: /*i18n*/ 'Closed', type: 'date' },
      expectedClose: { label: /*i18n*/ 'Expected close', type: 'date' },
    },
  },
  activities: {
    label: /*i18n*/ 'Activities',
    dateLabel: /*i18n*/ 'Created',
    fields: {
      type: { label: /*i18n*/ 'Type', type: 'category' },
    },
  },
  tasks: {
    label: /*i18n*/ 'Tasks',
    dateLabel: /*i18n*/ 'Created',
    fields: {
      status: { label: /*i18n*/ 'Status', type: 'category', options: ['open', 'done'] },
      owner,
      due: { label: /*i18n*/ 'Due', type: 'date' },
      closed: { label: /*i18n*/ 'Closed', type: 'date' },
      automatic: { label: /*i18n*/ 'Made by the product', type: 'boolean' },
    },
  },
  formSubmissions: {
    label: /*i18n*/ 'Form submissions',
    dateLabel: /*i18n*/ 'Submitted',
    fields: {
      form: { label: /*i18n*/ 'Form', type: 'category' },
      website,
      consent: { label: /*i18n*/ 'Consent given', type: 'boolean' },
      contact: { label: /*i18n*/ 'Contact', type: 'category' },
    },
  },
  analytics: {
    label: /*i18n*/ 'Web analytics',
    dateLabel: /*i18n*/ 'Day',
    fields: {
      website,
      page: { label: /*i18n*/ 'Page', type: 'category' },
      referrer: { label: /*i18n*/ 'Traffic source', type: 'category' },
      country: { label: /*i18n*/ 'Country', type: 'category' },
      device: { label: /*i18n*/ 'Device', type: 'category', options: ['mobile', 'tablet', 'desktop'] },
      goal: { label: /*i18n*/ 'Goal', type: 'category' },
      pageviews: { label: /*i18n*/ 'Page views', type: 'number' },
      visitors: { label: /*i18n*/ 'Visitors', type: 'number' },
      events: { label: /*i18n*/ 'Events', type: 'number' },
    },
  },
  payments: {
    label: /*i18n*/ 'Payments',
    dateLabel: /*i18n*/ 'Paid',
    fields: {
      provider: { label: /*i18n*/ 'Provider', type: 'category' },
      amount: { label: /*i18n*/ 'Amount', type: 'number', money: true },
      recurring: { label: /*i18n*/ 'Recurring', type: 'number', money: true },
      oneTime: { label: /*i18n*/ 'One-time', type: 'number', money: true },
      customerEmail: { label: /*i18n*/ 'Customer email', type: 'text' },
      description: { label: /*i18n*/ 'Description', type: 'text' },
    },
  },
  campaignMessages: {
    label: /*i18n*/ 'Campaign messages',
    dateLabel: /*i18n*/ 'Created',
    fields: {
      campaign: { label: /*i18n*/ 'Campaign', type: 'category' },
      status: {
        label: /*i18n*/ 'Status',
        type: 'category',
        options: ['queued', 'sending', 'sent', 'offline', 'failed'],
      },
      opened: { label: /*i18n*/ 'Opened', type: 'boolean' },
      clicked: { label: /*i18n*/ 'Clicked', type: 'boolean' },
      converted: { label: /*i18n*/ 'Converted', type: 'boolean' },
      attempts: { label: /*i18n*/ 'Attempts', type: 'number' },
    },
  },
  webhookDeliveries: {
    label: /*i18n*/ 'Webhook deliveries',
    dateLabel: /*i18n*/ 'Created',
    fields: {
      eventType: { label: /*i18n*/ 'Event type', type: 'category' },
      status: {
        label: /*i18n*/ 'Status',
        type: 'category',
        options: ['pending', 'sending', 'succeeded', 'failed'],
      },
      endpoint: { label: /*i18n*/ 'Endpoint', type: 'category' },
      attempts: { label: /*i18n*/ 'Attempts', type: 'number' },
    },
  },
  monitorChecks: {
    label: /*i18n*/ 'Monitor checks',
    dateLabel: /*i18n*/ 'Checked',
    fields: {
      monitor: { label: /*i18n*/ 'Monitor', type: 'category' },
      up: { label: /*i18n*/ 'Up', type: 'boolean' },
      responseMs: { label: /*i18n*/ 'Response time (ms)', type: 'number' },
    },
  },
  incidents: {
    label: /*i18n*/ 'Incidents',
    dateLabel: /*i18n*/ 'Opened',
    fields: {
      monitor: { label: /*i18n*/ 'Monitor', type: 'category' },
      open: { label: /*i18n*/ 'Still open', type: 'boolean' },
      minutes: { label: /*i18n*/ 'Duration (minutes)', type: 'number' },
    },
  },
} as const satisfies Record<string, ReportSource>;

export type ReportSourceId = keyof typeof reportSources;
export const reportSourceIds = Object.keys(reportSources) as ReportSourceId[];
export type ReportFieldId<S extends ReportSourceId> = keyof (typeof reportSources)[S]['fields'] & string;

/**
 * Web analytics comes from the daily rollups, one set of rows per dimension: a report may group or filter by
 * at most one of these (a page's visitors by country is not in the rollups).
 */
export const analyticsDimensionFields = ['page', 'referrer', 'country', 'device', 'goal'] as const;

export function fieldOf(source: ReportSourceId, field: string): ReportField | undefined {
  const fields: Record<string, ReportField> = reportSources[source].fields;
  return Object.hasOwn(fields, field) ? fields[field] : undefined;
}
