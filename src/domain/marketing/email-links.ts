/**
 * The web addresses an email's body links to or loads (href, src, or written out in plain text), each
 * once, normalised as the crawler stores URLs (no fragment). An address holding a merge field is left
 * out: it is only known per recipient.
 */
export function emailLinks(body: string): string[] {
  const found = new Set<string>();
  for (const match of body.matchAll(/https?:\/\/[^\s"'<>`]+/gi)) {
    const written = match[0].replace(/&amp;/g, '&').replace(/[.,;:!?)\]]+$/, '');
    if (written.includes('{{')) continue;
    try {
      const url = new URL(written);
      url.hash = '';
      found.add(url.toString());
    } catch {
      // Not a URL after all ("http://" alone): nothing to check.
    }
  }
  return [...found];
}
