import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/utils';
import { type ContactStatus, contactStatusLabels } from '@domain/contacts/contact-schemas';
import { formatDollars } from '@domain/pricing/money';

/** Spec 000 §3: value shown in dollars, 0 if missing. */
export function formatValue(cents: number | null | undefined): string {
  return formatDollars(cents ?? 0);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Spec 000 §3: 'Never' when the contact was never contacted. */
export function formatLastContact(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : 'Never';
}

const statusStyles: Record<ContactStatus, string> = {
  lead: 'border-transparent bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  qualified: 'border-transparent bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  customer: 'border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  lost: 'border-transparent bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
};

export function StatusBadge({ status }: { status: ContactStatus }) {
  return (
    <Badge variant="outline" className={cn(statusStyles[status])}>
      {contactStatusLabels[status]}
    </Badge>
  );
}
