import type { LandingVariant } from '@domain/forms/landing-ab-test';
import { type Locale, textDirection } from '@domain/locales';
import { escapeHtml } from '../../http/html.js';

/**
 * A form's hosted page: the form's name and the embed tag, on a page of its own in the form's language.
 * The embed draws the form here as on any website, so the two cannot drift apart. Readable at 390 px,
 * colours at AA contrast, a focus ring that shows. Under an A/B test, the visitor's variant gives the
 * headline and an intro (its button label comes with the form's texts).
 */
export function hostedPageHtml(form: {
  key: string;
  name: string;
  locale: Locale;
  variant: LandingVariant | null;
}): string {
  const headline = form.variant?.headline ?? form.name;
  const intro = form.variant?.intro ? `<p class="intro">${escapeHtml(form.variant.intro)}</p>\n` : '';
  return `<!doctype html>
<html lang="${escapeHtml(form.locale)}" dir="${textDirection(form.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(form.name)}</title>
<style>
body{font:17px/1.5 system-ui,sans-serif;margin:0;background:#f3f4f6;color:#1f2937}
main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgb(0 0 0/.12)}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh;box-sizing:border-box}}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1.25rem}
.intro{margin:-.75rem 0 1.25rem;white-space:pre-line}
input,textarea,select{border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:inherit}
input:focus-visible,textarea:focus-visible,select:focus-visible,button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
[aria-invalid=true]{border-color:#b91c1c}
button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border:0;border-radius:.375rem;background:#1d4ed8;color:#fff;cursor:pointer}
button:disabled{opacity:.7}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(headline)}</h1>
${intro}<script async data-form="${escapeHtml(form.key)}" src="/api/forms/embed.js"></script>
</main>
</body>
</html>
`;
}

/** What an address with no form behind it shows, with the 404 status. */
export function hostedNotFoundHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Form not found</title>
<style>body{font:17px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1f2937}</style>
</head>
<body>
<main>
<h1>Form not found</h1>
<p>This form does not exist or was removed.</p>
</main>
</body>
</html>
`;
}
