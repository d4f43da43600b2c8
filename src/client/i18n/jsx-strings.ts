import { readFileSync } from 'node:fs';
import { parse } from '@babel/parser';

/**
 * Finds user-visible English written straight into JSX (issue 10): text between tags, string children,
 * and strings in the attributes people read or hear. Text inside Lingui's <Trans> is the message itself.
 */
export interface JsxString {
  file: string;
  line: number;
  text: string;
}

const readAttributes = new Set([
  'title',
  'placeholder',
  'alt',
  'label',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);
const hasLetters = (text: string) => /\p{L}/u.test(text);

interface Node {
  type: string;
  loc?: { start: { line: number } };
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function literalText(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'StringLiteral') return node.value as string;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    return (node.quasis as { value: { cooked: string } }[])[0].value.cooked;
  }
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  return null;
}

function elementName(node: Node): string {
  const name = (node.openingElement as Node).name as Node;
  return name.type === 'JSXIdentifier' ? (name.name as string) : '';
}

export function findJsxStrings(file: string): JsxString[] {
  const ast = parse(readFileSync(file, 'utf8'), { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: JsxString[] = [];
  const report = (node: Node, text: string) =>
    found.push({ file, line: node.loc?.start.line ?? 0, text: text.trim().replace(/\s+/g, ' ') });

  const visit = (node: Node, inJsxChildren: boolean) => {
    if (node.type === 'JSXElement' && elementName(node) === 'Trans') return;
    if (node.type === 'JSXText' && hasLetters(node.value as string)) report(node, node.value as string);
    if (node.type === 'JSXExpressionContainer' && inJsxChildren) {
      const text = literalText(node.expression);
      if (text && hasLetters(text)) report(node, text);
    }
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).name as string;
      const text = literalText(node.value);
      if (readAttributes.has(name) && text && hasLetters(text)) report(node, `${name}="${text}"`);
    }
    const childrenOfJsx = node.type === 'JSXElement' || node.type === 'JSXFragment';
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      const isChildren = childrenOfJsx && key === 'children';
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child, isChildren);
      }
    }
  };
  visit(ast.program as unknown as Node, false);
  return found;
}
