import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { toastError } from '@client/lib/error-toast';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';

export interface ConfirmDeleteDialogProps {
  title: ReactNode;
  description: ReactNode;
  /** The destructive button's words ("Delete", "Remove", "Revoke"). */
  confirmLabel: ReactNode;
  /** The mutation (its `mutateAsync`); the dialog stays open while it runs and closes when it succeeds. */
  onConfirm: () => Promise<unknown>;
  /** The toast title when it fails; the server's message is the description. */
  errorTitle: string;
  /** Runs after success (a success toast, paging back). */
  onDone?: () => void;
  /** The button that opens it; without one the caller opens it with `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * What the confirm button does: run the mutation, then close; on success `onDone`, on failure a toast with
 * the server's message. Never throws, so the dialog cannot be left pending.
 */
export async function runConfirmed(
  onConfirm: () => Promise<unknown>,
  then: { close: () => void; onDone?: () => void; errorTitle: string },
): Promise<'done' | 'failed'> {
  try {
    await onConfirm();
  } catch (error) {
    then.close();
    toastError(then.errorTitle, error);
    return 'failed';
  }
  then.close();
  then.onDone?.();
  return 'done';
}

/** Confirm, then run the mutation, then toast: the one delete/remove/revoke confirmation. */
export function ConfirmDeleteDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  errorTitle,
  onDone,
  trigger,
  open,
  onOpenChange,
}: ConfirmDeleteDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setIsPending(true);
    await runConfirmed(onConfirm, { close: () => setOpen(false), onDone, errorTitle });
    setIsPending(false);
  };

  return (
    <AlertDialog open={isOpen} onOpenChange={setOpen}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>
            <Trans>Cancel</Trans>
          </AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={isPending}
            onClick={(event) => {
              // Radix would close at once; the dialog closes when the mutation has answered.
              event.preventDefault();
              void confirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
