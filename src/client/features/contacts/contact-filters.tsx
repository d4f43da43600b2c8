import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { useWebsites } from '@client/features/websites';
import { type ContactSortKey, type ContactStatus, contactStatuses } from '@domain/contacts/contact-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { contactStatusNames } from './contact-format';
import { allValue, type ContactFilterState } from './use-contact-list';

const sortOptions: { value: ContactSortKey; label: MessageDescriptor }[] = [
  { value: 'createdAt', label: msg`Newest first` },
  { value: 'name', label: msg`Name A–Z` },
  { value: 'value', label: msg`Highest value` },
  { value: 'lastContactedAt', label: msg`Recently contacted` },
];

/** Search, source, status and sort above the contacts table. */
export function ContactFilterBar({
  state,
  onChange,
}: {
  state: ContactFilterState;
  onChange: (next: Partial<ContactFilterState>) => void;
}) {
  const { t, i18n } = useLingui();
  const { data: websites } = useWebsites();
  return (
    <div className="flex flex-wrap gap-2">
      <div className="relative min-w-[16rem] flex-[2_1_16rem]">
        <Search className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          aria-label={t`Search contacts`}
          placeholder={t`Search contacts...`}
          className="ps-9"
          value={state.search}
          onChange={(e) => onChange({ search: e.target.value })}
        />
      </div>
      <Select value={state.source} onValueChange={(source) => onChange({ source })}>
        <SelectTrigger className="min-w-[10rem] flex-1" aria-label={t`Filter by source`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={allValue}>
            <Trans>All Sources</Trans>
          </SelectItem>
          {(websites ?? []).map((site) => (
            <SelectItem key={site.id} value={site.name}>
              {site.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={state.status}
        onValueChange={(status) => onChange({ status: status as ContactStatus | typeof allValue })}
      >
        <SelectTrigger className="min-w-[10rem] flex-1" aria-label={t`Filter by status`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={allValue}>
            <Trans>All Statuses</Trans>
          </SelectItem>
          {contactStatuses.map((s) => (
            <SelectItem key={s} value={s}>
              {i18n._(contactStatusNames[s])}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={state.sort} onValueChange={(sort) => onChange({ sort: sort as ContactSortKey })}>
        <SelectTrigger className="min-w-[10rem] flex-1" aria-label={t`Sort contacts`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {sortOptions.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {i18n._(o.label)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
