import { readFileSync } from 'node:fs';
import { parse } from '@babel/parser';

/**
 * Finds validation messages in src/domain that the catalogs would miss (issue 10): a string given to a zod
 * check (`.min(1, 'Name is required')`, `z.email('…')`, `.refine(fn, '…')`), or as the `message`/`error` of
 * such a call or of `ctx.addIssue({ … })`, without the `/*i18n*\/` mark that puts it in the catalogs, and any
 * such message built with `${…}` (its text changes, so it has no catalog entry: use `validationMessage`).
 */
export interface ValidationString {
  file: string;
  line: number;
  text: string;
  problem: 'unmarked' | 'interpolated';
  /** Where the literal starts in the file (to put the mark there). */
  start: number;
}

/** zod's checks and constructors whose string arguments are messages. */
const checks = new Set([
  'addIssue',
  'array',
  'bigint',
  'boolean',
  'custom',
  'discriminatedUnion',
  'date',
  'datetime',
  'email',
  'endsWith',
  'enum',
  'gt',
  'gte',
  'includes',
  'int',
  'length',
  'literal',
  'lt',
  'lte',
  'max',
  'min',
  'multipleOf',
  'negative',
  'nonempty',
  'nonnegative',
  'nonpositive',
  'number',
  'object',
  'positive',
  'record',
  'refine',
  'regex',
  'startsWith',
  'string',
  'time',
  'tuple',
  'union',
  'url',
  'uuid',
]);
/** Checks whose first argument is a value to compare with, not a message. */
const valueFirst = new Set(['discriminatedUnion', 'endsWith', 'includes', 'literal', 'regex', 'startsWith']);

interface Node {
  type: string;
  start?: number;
  loc?: { start: { line: number } };
  leadingComments?: { value: string }[];
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

export function findValidationStrings(file: string): ValidationString[] {
  const ast = parse(readFileSync(file, 'utf8'), { sourceType: 'module', plugins: ['typescript'] });
  const found: ValidationString[] = [];
  const report = (node: Node, text: string, problem: ValidationString['problem']) =>
    found.push({ file, line: node.loc?.start.line ?? 0, text, problem, start: node.start ?? 0 });

  const message = (node: Node) => {
    if (node.type === 'StringLiteral') {
      if (!node.leadingComments?.some((c) => c.value === 'i18n'))
        report(node, node.value as string, 'unmarked');
    } else if (node.type === 'TemplateLiteral') {
      const quasis = node.quasis as { value: { cooked: string } }[];
      report(node, quasis.map((q) => q.value.cooked).join('{…}'), 'interpolated');
    } else if (node.type === 'ObjectExpression') {
      for (const property of node.properties as Node[]) {
        const key = property.key as Node | undefined;
        if (
          property.type === 'ObjectProperty' &&
          key?.type === 'Identifier' &&
          /^(message|error)$/.test(key.name as string)
        )
          message(property.value as Node);
      }
    }
  };

  const visit = (node: Node) => {
    const callee = node.callee as Node | undefined;
    if (
      node.type === 'CallExpression' &&
      callee?.type === 'Identifier' &&
      callee.name === 'validationMessage'
    ) {
      message((node.arguments as Node[])[0]);
    }
    if (node.type === 'CallExpression' && callee?.type === 'MemberExpression') {
      const name = (callee.property as Node).name as string;
      if (checks.has(name)) {
        (node.arguments as Node[]).forEach((argument, index) => {
          if (index > 0 || !valueFirst.has(name) || argument.type === 'ObjectExpression') message(argument);
        });
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
    }
  };
  visit(ast.program as unknown as Node);
  return found;
}
