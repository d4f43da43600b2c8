import { Label } from '@client/components/ui/label';
import { fieldMessage } from '@client/i18n/field-message';
import { cn } from '@client/lib/utils';
import { useLingui } from '@lingui/react';
import { type ReactNode, useId } from 'react';

/**
 * A label, its control and the control's error underneath (from the schema or the server's 400), in the
 * user's language.
 * `children` receives the id to put on the control and whether it is invalid.
 */
export function FormField({
  label,
  error,
  className,
  children,
}: {
  label: ReactNode;
  error?: string;
  className?: string;
  children: (id: string, invalid: boolean) => ReactNode;
}) {
  const id = useId();
  useLingui(); // A language switch re-renders a message already on screen.
  // One minmax(0, 1fr) column: a control whose text does not wrap (a select's value in German) cannot
  // widen the form past a phone's screen.
  return (
    <div className={cn('grid grid-cols-1 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(id, Boolean(error))}
      {error && (
        <p className="text-xs text-destructive" role="alert">
          {fieldMessage(error)}
        </p>
      )}
    </div>
  );
}
