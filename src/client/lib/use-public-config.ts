import { useQuery } from '@tanstack/react-query';
import { queryWith } from './api';

export const publicConfigKey = ['/api/public-config'] as const;

/** Read on the landing page: its schema loads only where answers are checked (development). */
const publicConfig = () => import('@domain/catalogue/catalogue-schemas').then((m) => m.publicConfigSchema);

export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigKey, queryFn: queryWith(publicConfig) });
}

/** Spec 000 §2.1: Enterprise's 'Contact Sales' opens a mail draft with the subject 'Enterprise Plan Inquiry'. */
export function useContactSalesHref(): string {
  const { data } = usePublicConfig();
  // The address arrives with the public settings; until then the link still opens a draft with the subject.
  return `mailto:${data?.salesEmail ?? ''}?subject=${encodeURIComponent('Enterprise Plan Inquiry')}`;
}
