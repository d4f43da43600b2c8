import { useQuery } from '@tanstack/react-query';

/** GET /api/public-config: settings the public pages need (scheduler widget URL, sales mail address). */
export interface PublicConfig {
  schedulerUrl: string;
  isSchedulerConfigured: boolean;
  salesEmail: string;
  /** 'offline-test': checkouts are tests (no card is charged); 'disabled': no payments are taken. */
  checkout: 'stripe' | 'offline-test' | 'disabled';
  /** The largest CSV an import takes, in bytes (IMPORT_MAX_BYTES). */
  importMaxBytes: number;
}

export const publicConfigKey = ['/api/public-config'] as const;

export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: publicConfigKey });
}

/** Spec 000 §2.1: Enterprise's 'Contact Sales' opens a mail draft with the subject 'Enterprise Plan Inquiry'. */
export function useContactSalesHref(): string {
  const { data } = usePublicConfig();
  // The address arrives with the public settings; until then the link still opens a draft with the subject.
  return `mailto:${data?.salesEmail ?? ''}?subject=${encodeURIComponent('Enterprise Plan Inquiry')}`;
}
