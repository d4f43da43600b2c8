import { titleCase } from './offline-generator.js';

export interface SeoCheck {
  id: string;
  passed: boolean;
  detail?: string;
}

export interface SeoOptions {
  /** Named where a short title needs filling out. */
  brand: string;
  /** A social post stays short: its length check is reported, not padded away. */
  keepShort: boolean;
}

export interface OptimizableDraft {
  title: string;
  body: string;
  metaDescription: string;
  slug: string;
}

const maxPasses = 4;

export const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

function clipWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:.\s—-]+$/, '');
}

const mentions = (text: string, phrase: string) => text.toLowerCase().split(phrase).length - 1;

/** One change per failing check; a check with no fix here stays failing and is reported as such. */
function fix(
  draft: OptimizableDraft,
  failing: Set<string>,
  keyphrase: string,
  options: SeoOptions,
): OptimizableDraft {
  const { brand } = options;
  let { title, body, metaDescription, slug } = draft;
  const Keyphrase = titleCase(keyphrase);
  if (failing.has('keyphrase-in-title') && keyphrase.length <= 50 && !title.toLowerCase().includes(keyphrase))
    title = clipWords(`${Keyphrase}: ${title}`, 60);
  if (failing.has('title-length')) {
    if (title.length > 60) title = clipWords(title, 60);
    else if (title.length < 10) title = clipWords(`${title} | ${brand}`, 60);
  }
  if (failing.has('keyphrase-in-meta-description') && !metaDescription.toLowerCase().includes(keyphrase))
    metaDescription = `${Keyphrase}: ${metaDescription}`;
  if (
    failing.has('meta-description') ||
    failing.has('meta-description-length') ||
    metaDescription.length > 156
  ) {
    const filler = [
      `Read how ${keyphrase} works in practice.`,
      `Practical steps and common mistakes, from ${brand}.`,
      'Clear advice you can act on this week.',
    ];
    for (const sentence of filler) {
      if (metaDescription.length >= 120) break;
      metaDescription = `${metaDescription.replace(/\s*$/, '')} ${sentence}`.trim();
    }
    if (metaDescription.length > 156) metaDescription = `${clipWords(metaDescription, 155)}.`;
  }
  if (failing.has('keyphrase-in-slug')) {
    const fromPhrase = slugify(keyphrase);
    if (fromPhrase) slug = fromPhrase;
  }
  if (failing.has('keyphrase-in-introduction') && !body.toLowerCase().slice(0, 400).includes(keyphrase))
    body = `${Keyphrase}, in short: what it is, why it matters and how to start.\n\n${body}`;
  if (failing.has('keyphrase-in-heading')) body = `## ${Keyphrase}\n\n${body}`;
  if (failing.has('text-length') && !options.keepShort)
    body = `${body}\n\n## More about ${keyphrase}\n\nEvery business starts from a different place, so the best first step depends on where you are today. Look at what your customers ask about most, what they struggle with, and where they drop off. Those three answers usually point to the change that pays off fastest. Write the answers down, share them with your team, and agree on one thing to try first.\n\nWhen you have tried it, compare the results with the month before. If the numbers moved, keep going and try the next idea. If they did not, ask why before changing something else: the reason is often simpler than it looks, and the lesson makes the next attempt better. Small, steady improvements add up faster than one big launch, and they are far easier to explain, measure and repeat.`;
  if (failing.has('keyphrase-density')) {
    const words = body.split(/\s+/).length + title.split(/\s+/).length;
    const density = (mentions(`${title} ${body}`, keyphrase) * keyphrase.split(/\s+/).length * 100) / words;
    if (density < 0.5)
      body = `${body}\n\nIf you have questions about ${keyphrase}, ask us: we are glad to help.`;
    else {
      // Too many mentions: keep the first two, let the rest say "it".
      let seen = 0;
      const pattern = new RegExp(keyphrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
      body = body.replace(pattern, (match) => (++seen <= 2 ? match : 'it'));
    }
  }
  return { title, body, metaDescription, slug };
}

/**
 * Improves a draft until the on-page checks pass, or until no fix changes anything; answers the draft and
 * the last checks, so the caller can say which still fail (a social post stays short on purpose).
 */
export function optimizeForSeo(
  draft: OptimizableDraft,
  keyphrase: string,
  options: SeoOptions,
  audit: (draft: OptimizableDraft) => SeoCheck[],
): { draft: OptimizableDraft; checks: SeoCheck[] } {
  const phrase = keyphrase.toLowerCase().trim();
  let current = draft;
  let checks = audit(current);
  for (let pass = 0; pass < maxPasses; pass++) {
    const failing = new Set(checks.filter((c) => !c.passed).map((c) => c.id));
    if (failing.size === 0) break;
    const next = fix(current, failing, phrase, options);
    if (JSON.stringify(next) === JSON.stringify(current)) break;
    current = next;
    checks = audit(current);
  }
  return { draft: current, checks };
}
