import { checkedByServer } from '@client/lib/form';
import { instantOf, localInputValue } from '@client/lib/local-time';
import { contactStatuses } from '@domain/contacts/contact-schemas';
import {
  type Audience,
  type CampaignCreateInput,
  type CampaignDetail,
  campaignCreateSchema,
  campaignTypes,
  campaignUpdateSchema,
} from '@domain/marketing/campaign-schemas';
import { z } from 'zod';

/** What the editor's inputs hold: text as typed ('' = no filter, no schedule). */
const campaignFormFields = z.object({
  name: z.string(),
  type: z.enum(campaignTypes),
  subject: z.string(),
  preheader: z.string(),
  body: z.string(),
  fromName: z.string(),
  audience: z.object({
    status: z.union([z.enum(contactStatuses), z.literal('')]),
    tag: z.string(),
    source: z.string(),
    /** A live segment's id, '' for none. */
    segmentId: z.string(),
    /** Set through the API only; kept as it is. */
    websiteId: z.number().optional(),
  }),
  /** A datetime-local value. */
  scheduledAt: z.string(),
});
export type CampaignFormValues = z.infer<typeof campaignFormFields>;

export function campaignFormValues(campaign: CampaignDetail | undefined): CampaignFormValues {
  return {
    name: campaign?.name ?? '',
    type: campaign?.type ?? 'newsletter',
    subject: campaign?.subject ?? '',
    preheader: campaign?.preheader ?? '',
    body: campaign?.body ?? '',
    fromName: campaign?.fromName ?? '',
    audience: {
      status: campaign?.audience.status ?? '',
      tag: campaign?.audience.tag ?? '',
      source: campaign?.audience.source ?? '',
      segmentId: campaign?.audience.segmentId ? String(campaign.audience.segmentId) : '',
      websiteId: campaign?.audience.websiteId,
    },
    scheduledAt: campaign?.scheduledAt ? localInputValue(campaign.scheduledAt) : '',
  };
}

export function audiencePayload(audience: CampaignFormValues['audience']): Audience {
  return {
    status: audience.status || undefined,
    tag: audience.tag || undefined,
    source: audience.source || undefined,
    segmentId: audience.segmentId ? Number(audience.segmentId) : undefined,
    websiteId: audience.websiteId,
  };
}

/** The request body; a campaign that has been sent keeps its audience. */
export function campaignPayload(values: CampaignFormValues, isSent: boolean): CampaignCreateInput {
  const { audience, scheduledAt, ...fields } = values;
  return {
    ...fields,
    ...(isSent ? {} : { audience: audiencePayload(audience) }),
    scheduledAt: scheduledAt ? instantOf(scheduledAt) : null,
  };
}

/** The editor's schema: the server's create or update schema checks what the form would send. */
export function campaignFormSchema(isNew: boolean, isSent: boolean) {
  return checkedByServer(campaignFormFields, isNew ? campaignCreateSchema : campaignUpdateSchema, (values) =>
    campaignPayload(values, isSent),
  );
}
