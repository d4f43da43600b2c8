import { Badge } from '@client/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { RelatedTasks } from '@client/features/tasks';
import type { DealCard } from '@domain/deals/deal-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { dealStageNames, formatDay, formatMoney } from './deal-format';

/** A deal from the table: what it is, and the tasks about it (with "Add task"). */
export function DealDetailsDialog({ deal, onClose }: { deal: DealCard; onClose: () => void }) {
  const { i18n } = useLingui();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{deal.name}</DialogTitle>
          <DialogDescription>
            {deal.contactName}
            {deal.companyName && ` · ${deal.companyName}`}
          </DialogDescription>
        </DialogHeader>
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <Badge variant="outline">{i18n._(dealStageNames[deal.stage])}</Badge>
          <span className="tabular-nums">{formatMoney(deal.valueCents, deal.currency)}</span>
          {deal.expectedCloseDate && (
            <span className="text-muted-foreground">
              <Trans>Expected close {formatDay(deal.expectedCloseDate)}</Trans>
            </span>
          )}
        </p>
        <Suspense fallback={<Skeleton className="h-12" />}>
          <RelatedTasks about={{ dealId: deal.id, name: deal.name }} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
