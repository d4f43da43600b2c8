/**
 * Validation messages whose English text carries values (issue 10, ADR 0007): `Title must be at most 200
 * characters` comes from the catalogued template `{label} must be at most {max} characters`. A plain message
 * is its own catalog id (`/*i18n*\/ 'Name is required'`); a message with values is built here, so the client
 * can find the template and values again from the English text a form or a 400 shows, and translate it.
 *
 * Templates use `{name}` placeholders only. A value named `label` is a field's name: catalogue it too
 * (`text(/*i18n*\/ 'Subject', 200)`), and the client translates it with the template.
 */
export type ValidationValues = Record<string, string | number>;

/** Every template a loaded schema used, in the order first used. Templates are literals, so the set stays small. */
const templates = new Map<string, RegExp>();

const placeholder = /\{(\w+)\}/g;

function matcher(template: string): RegExp {
  const pattern = template
    .split(placeholder)
    .map((part, index) => (index % 2 ? `(?<${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`, 's');
}

/** The English text of `template` (marked `/*i18n*\/` where it is written) with `values`. */
export function validationMessage(template: string, values: ValidationValues): string {
  if (!templates.has(template)) templates.set(template, matcher(template));
  return template.replace(placeholder, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The template and values a message was built from, when a schema loaded here built it with `validationMessage`. */
export function parseValidationMessage(text: string): { template: string; values: ValidationValues } | null {
  for (const [template, pattern] of templates) {
    const groups = pattern.exec(text)?.groups;
    if (groups) return { template, values: { ...groups } };
  }
  return null;
}
