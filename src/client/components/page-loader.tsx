import { useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';

/** Full-height spinner shown while a lazily loaded page or the session check is on its way. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div
      role="status"
      className="flex min-h-[50vh] w-full items-center justify-center gap-2 text-sm text-muted-foreground"
    >
      <Loader2 className="h-5 w-5 animate-spin text-primary" aria-hidden="true" />
      <span>{label ?? t`Loading...`}</span>
    </div>
  );
}
