import { FormField } from '@client/components/form/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** A menu bound to one form field (Radix Select through react-hook-form), with its label and error. */
export function SelectField<T extends FieldValues, Context = unknown, Output extends FieldValues = T>({
  control,
  name,
  label,
  options,
  error,
  className,
  triggerLabel,
  placeholder,
  hint,
}: {
  control: Control<T, Context, Output>;
  name: Path<T>;
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string;
  className?: string;
  /** The trigger's accessible name, where the visible label alone does not give it one. */
  triggerLabel?: string;
  placeholder?: string;
  /** A line under the menu. */
  hint?: ReactNode;
}) {
  return (
    <FormField label={label} error={error} className={className}>
      {(id) => (
        <>
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={id} aria-label={triggerLabel}>
                  <SelectValue placeholder={placeholder} />
                </SelectTrigger>
                <SelectContent>
                  {options.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
        </>
      )}
    </FormField>
  );
}
