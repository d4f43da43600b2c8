import { textDirection } from '@domain/locales';
import { escapeHtml } from '../../http/html.js';

export { escapeHtml };

/** The body's Markdown subset as HTML: `## ` headings, `- ` lists, paragraphs; everything else is text. */
export function bodyHtml(body: string): string {
  const html: string[] = [];
  for (const block of body.split(/\n{2,}/).map((b) => b.trim())) {
    if (!block) continue;
    if (block.startsWith('## ')) {
      html.push(`<h2>${escapeHtml(block.slice(3).trim())}</h2>`);
      continue;
    }
    const lines = block.split('\n');
    if (lines.every((line) => line.startsWith('- '))) {
      const items = lines.map((line) => `<li>${escapeHtml(line.slice(2).trim())}</li>`).join('');
      // List items a blank line apart are still one list.
      const last = html.length - 1;
      if (html[last]?.endsWith('</ul>')) html[last] = `${html[last].slice(0, -5)}${items}</ul>`;
      else html.push(`<ul>${items}</ul>`);
      continue;
    }
    html.push(`<p>${lines.map(escapeHtml).join('<br>')}</p>`);
  }
  return html.join('\n');
}

export interface RenderableItem {
  title: string;
  body: string;
  metaDescription: string;
  keywords: string[];
  locale: string;
}

/** The whole page of one item: what its public address serves, and what the SEO checks read. */
export function pageHtml(item: RenderableItem, canonicalUrl: string, footer = ''): string {
  return `<!doctype html>
<html lang="${escapeHtml(item.locale)}" dir="${textDirection(item.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(item.title)}</title>
<meta name="description" content="${escapeHtml(item.metaDescription)}">
<meta name="keywords" content="${escapeHtml(item.keywords.join(', '))}">
<link rel="canonical" href="${escapeHtml(canonicalUrl)}">
<style>body{font:18px/1.6 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1f2937}h1{line-height:1.2}</style>
</head>
<body>
<main>
<article>
<h1>${escapeHtml(item.title)}</h1>
${bodyHtml(item.body)}
</article>
</main>
${footer}
</body>
</html>
`;
}

/**
 * What a public address with no published item shows: a page, with the 404 status, for the reader's browser
 * and for crawlers (a JSON error body there would be a page of code to a reader).
 */
export function notFoundPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found</title>
<style>body{font:18px/1.6 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1f2937}</style>
</head>
<body>
<main>
<h1>Page not found</h1>
<p>This article is not published here, or its address has changed.</p>
</main>
</body>
</html>
`;
}
