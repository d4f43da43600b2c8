import type { FeatureFlag } from '@domain/superhub/superhub-schemas';
import { msg } from '@lingui/core/macro';

/** The hub's feature flags, as the Features card names them. */
export const featureLabels: Record<FeatureFlag, ReturnType<typeof msg>> = {
  webhook_logging: msg`Webhook logging`,
  uptime_monitoring: msg`Uptime monitoring`,
  user_analytics: msg`User analytics`,
  certification_tracking: msg`Certification tracking`,
  trauma_insights: msg`Trauma insights`,
  referral_tracking: msg`Referral tracking`,
  revenue_analytics: msg`Revenue analytics`,
};
