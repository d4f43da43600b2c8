import { useQuery } from '@tanstack/react-query';

/** GET /api/public-config: settings the public pages need (scheduler widget URL, sales mail address). */
export interface PublicConfig {
  schedulerUrl: string;
  isSchedulerConfigured: boolean;
  salesEmail: string;
  /** 'offline-test': checkouts are tests (no card is charged); 'disabled': no payments are taken. */
  checkout: 'stripe' | 'offline-test' | 'disabled';
}

export const publicConfigKey = ['/api/public-config'] as const;

export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: publicConfigKey });
}
