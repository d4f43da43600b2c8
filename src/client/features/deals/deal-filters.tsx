import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { useMembers } from '@client/features/members';
import { useWebsites } from '@client/features/websites';
import { type DealStage, dealStages } from '@domain/deals/deal-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { dealStageNames } from './deal-format';
import type { BoardFilters } from './deals-api';

export type DealViewFilters = BoardFilters & { stage?: DealStage };

const all = 'all';

/** Stage, owner, website and close month: the same filters for the board and the table. */
export function DealFilterBar({
  filters,
  onChange,
}: {
  filters: DealViewFilters;
  onChange: (filters: DealViewFilters) => void;
}) {
  const { data: members } = useMembers();
  const { data: websites } = useWebsites();
  const { t, i18n } = useLingui();
  const set = (patch: Partial<DealViewFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      <Select
        value={filters.stage ?? all}
        onValueChange={(v) => set({ stage: v === all ? undefined : (v as DealStage) })}
      >
        <SelectTrigger aria-label={t`Filter by stage`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={all}>
            <Trans>All Stages</Trans>
          </SelectItem>
          {dealStages.map((stage) => (
            <SelectItem key={stage} value={stage}>
              {i18n._(dealStageNames[stage])}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={filters.ownerId ? String(filters.ownerId) : all}
        onValueChange={(v) => set({ ownerId: v === all ? undefined : Number(v) })}
      >
        <SelectTrigger aria-label={t`Filter by owner`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={all}>
            <Trans>All Owners</Trans>
          </SelectItem>
          {members?.map((m) => (
            <SelectItem key={m.userId} value={String(m.userId)}>
              {[m.firstName, m.lastName].filter(Boolean).join(' ') || m.email}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={filters.websiteId ? String(filters.websiteId) : all}
        onValueChange={(v) => set({ websiteId: v === all ? undefined : Number(v) })}
      >
        <SelectTrigger aria-label={t`Filter by website`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={all}>
            <Trans>All Websites</Trans>
          </SelectItem>
          {websites?.map((site) => (
            <SelectItem key={site.id} value={String(site.id)}>
              {site.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Input
        type="month"
        aria-label={t`Filter by close month`}
        value={filters.closeMonth ?? ''}
        onChange={(e) => set({ closeMonth: e.target.value || undefined })}
      />
    </div>
  );
}
