// Lists what is left of issue 10 per client file: literal JSX strings (not yet translated) and physical
// left/right Tailwind classes (not yet logical, so wrong in Arabic). `npm run i18n:todo`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findJsxStrings } from '../src/client/i18n/jsx-strings.js';

const clientDir = path.resolve('src/client');
const physical =
  /(?<![\w-])-?(?:[a-z]+:)*(?:ml|mr|pl|pr|left|right|border-l|border-r|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|text-left|text-right|float-left|float-right)(?:-[\w./[\]]+)?(?![\w-])/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

for (const file of files(clientDir)) {
  const strings = file.endsWith('.tsx') ? findJsxStrings(file) : [];
  const classes = [...readFileSync(file, 'utf8').matchAll(/(?:className|cn\(|cva\()[^\n]*/g)]
    .flatMap((m) => m[0].match(physical) ?? [])
    // Centring with left-1/2 + translate is direction-neutral.
    .filter((c) => !/left-1\/2/.test(c));
  if (strings.length === 0 && classes.length === 0) continue;
  console.log(
    `${path.relative(clientDir, file)}: ${strings.length} strings; physical classes: ${[...new Set(classes)].join(' ') || '-'}`,
  );
}
