import { Badge } from '@client/components/ui/badge';
import { formatDate, formatMoney } from '@client/i18n/format';
import { i18n } from '@client/i18n/i18n';
import { cn } from '@client/lib/utils';
import { type ContactStatus, type ContactType, unknownSource } from '@domain/contacts/contact-values';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** Spec 000 §3: value shown in dollars, 0 if missing. */
export function formatValue(cents: number | null | undefined): string {
  return formatMoney(cents ?? 0);
}

const never = msg`Never`;

/** Spec 000 §3: 'Never' when the contact was never contacted. */
export function formatLastContact(iso: string | null): string {
  return iso ? formatDate(iso) : i18n._(never);
}

const unknownSourceName = msg`Unknown`;

/** The built-in 'Unknown' source reads in the reader's language; sources a workspace named are its own words. */
export function contactSourceName(source: string): string {
  return source === unknownSource ? i18n._(unknownSourceName) : source;
}

/** Statuses and relationship kinds on screen (`i18n._`); the English labels in the domain are the source. */
export const contactStatusNames: Record<ContactStatus, MessageDescriptor> = {
  lead: msg`Lead`,
  qualified: msg`Qualified`,
  customer: msg`Customer`,
  lost: msg`Lost`,
};

export const contactTypeNames: Record<ContactType, MessageDescriptor> = {
  buyer: msg`Buyer`,
  seller: msg`Seller`,
  investor: msg`Investor`,
  realtor: msg`Realtor`,
  friend: msg`Friend`,
  family: msg`Family`,
};

const statusStyles: Record<ContactStatus, string> = {
  lead: 'border-transparent bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  qualified: 'border-transparent bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  customer: 'border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  lost: 'border-transparent bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
};

export function StatusBadge({ status }: { status: ContactStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge variant="outline" className={cn(statusStyles[status])}>
      {i18n._(contactStatusNames[status])}
    </Badge>
  );
}
