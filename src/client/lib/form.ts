import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api';

/**
 * Puts a server 400's field issues under their inputs. `fieldFor` maps an API path to the form's own name
 * where they differ (`valueCents` -> `value`); issues for fields the form does not have are left out.
 * Returns whether any issue found its field, so the caller can fall back to a toast.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  fieldFor: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const values = form.getValues();
  let applied = false;
  for (const issue of error.fieldIssues()) {
    const name = fieldFor[issue.path] ?? (issue.path as Path<T>);
    if (!(name.split('.')[0] in values)) continue;
    form.setError(name, { type: 'server', message: issue.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * A form's schema for inputs that hold text as typed: `fields` says what the inputs hold, then the server's
 * own `server` schema checks what the form would send (`toPayload`), each issue landing on the input at
 * its path (`fieldFor` renames a first path segment the form names differently). One rule set, both sides.
 */
export function checkedByServer<F extends z.ZodObject>(
  fields: F,
  server: z.ZodType,
  toPayload: (values: z.output<F>) => unknown,
  fieldFor: Partial<Record<string, string>> = {},
) {
  return fields.superRefine((values, ctx) => {
    const checked = server.safeParse(toPayload(values));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const [head = '', ...rest] = issue.path.map(String);
      ctx.addIssue({ code: 'custom', path: [fieldFor[head] ?? head, ...rest], message: issue.message });
    }
  });
}
