import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import type { FormEventHandler, ReactNode } from 'react';
import { FormDialogFooter } from './form-dialog-footer';

/**
 * The one shell of a form dialog: title and description, a react-hook-form form (`onSubmit` is the
 * form's `handleSubmit(...)`), its fields, then the save's error, Cancel and the submit button that spins
 * while `pending`. Cancel, Escape and the close button all call `onClose`.
 */
export function FormDialog({
  open = true,
  onClose,
  title,
  description,
  onSubmit,
  pending,
  error,
  submitLabel,
  className,
  children,
}: {
  /** Mounted-when-open dialogs leave it true. */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** The save's error when no field shows it. */
  error?: ReactNode;
  submitLabel: ReactNode;
  /** Classes of the dialog's content (its width). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          {children}
          <FormDialogFooter error={error} onCancel={onClose} pending={pending}>
            {submitLabel}
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
