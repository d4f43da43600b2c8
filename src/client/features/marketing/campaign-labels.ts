import type { CampaignStatus, CampaignType } from '@domain/marketing/campaign-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const campaignStatusLabels: Record<CampaignStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  scheduled: msg`Scheduled`,
  sending: msg`Active`,
  paused: msg`Paused`,
  sent: msg`Sent`,
  cancelled: msg`Cancelled`,
  held: msg`Held: failing links`,
};

export const campaignTypeLabels: Record<CampaignType, MessageDescriptor> = {
  newsletter: msg`Newsletter`,
  promotion: msg`Promotion`,
  announcement: msg`Announcement`,
};
