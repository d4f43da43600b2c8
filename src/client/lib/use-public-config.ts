import { useQuery } from '@tanstack/react-query';

/** GET /api/public-config: settings the public pages need (scheduler widget URL, sales mail address). */
export interface PublicConfig {
  schedulerUrl: string;
  isSchedulerConfigured: boolean;
  salesEmail: string;
}

export const publicConfigKey = ['/api/public-config'] as const;

export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: publicConfigKey });
}
