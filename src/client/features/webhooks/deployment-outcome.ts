import type { deployResultSchema } from '@domain/webhooks/webhook-schemas';
import type { z } from 'zod';

/** How a "Deploy All Webhooks" went: no app reached (or none to reach) is a failure, not a success. */
export function deploymentOutcome({
  successful,
  total_apps,
}: z.infer<typeof deployResultSchema>): 'failed' | 'partial' | 'deployed' {
  if (successful === 0) return 'failed';
  return successful < total_apps ? 'partial' : 'deployed';
}
