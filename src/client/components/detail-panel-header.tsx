import { ConfirmDeleteDialog, type ConfirmDeleteDialogProps } from '@client/components/confirm-delete-dialog';
import { Button } from '@client/components/ui/button';
import { Trans } from '@lingui/react/macro';
import { Pencil, Trash2 } from 'lucide-react';

/**
 * The title of a list page's selected item (a form, a segment) with Edit and a confirmed Delete for those
 * who may change it. `remove` is the delete dialog's text and mutation.
 */
export function DetailPanelHeader({
  titleId,
  title,
  canWrite,
  onEdit,
  remove,
}: {
  titleId: string;
  title: string;
  canWrite: boolean;
  onEdit: () => void;
  remove: Pick<ConfirmDeleteDialogProps, 'title' | 'description' | 'errorTitle' | 'onConfirm' | 'onDone'>;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      {canWrite && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            <Trans>Edit</Trans>
          </Button>
          <ConfirmDeleteDialog
            {...remove}
            confirmLabel={<Trans>Delete</Trans>}
            trigger={
              <Button variant="outline" size="sm">
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                <Trans>Delete</Trans>
              </Button>
            }
          />
        </div>
      )}
    </div>
  );
}
