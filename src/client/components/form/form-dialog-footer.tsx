import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { Trans } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A form dialog's last rows: the save's error when no field shows it, then Cancel and the submit button,
 * which spins and takes no second press while the save is pending. `children` is the submit button's label.
 */
export function FormDialogFooter({
  error,
  onCancel,
  pending,
  children,
}: {
  error?: ReactNode;
  onCancel: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {children}
        </Button>
      </DialogFooter>
    </>
  );
}
