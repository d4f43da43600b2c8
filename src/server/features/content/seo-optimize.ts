import { readTopic, sentence, subtitled, type Topic, withoutOpenQuote } from './topic-phrases.js';

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
  return withoutOpenQuote(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:.\s—-]+$/, '');
}

const mentions = (text: string, phrase: string) => text.toLowerCase().split(phrase).length - 1;

/** One change per failing check; a check with no fix here stays failing and is reported as such. */
function fix(
  draft: OptimizableDraft,
  failing: Set<string>,
  topic: Topic,
  options: SeoOptions,
): OptimizableDraft {
  const { brand } = options;
  let { title, body, metaDescription, slug } = draft;
  // Found in lower case; written as the user typed it, and never as a sentence's subject (topic-phrases).
  const { keyphrase } = topic;
  if (failing.has('keyphrase-in-title') && keyphrase.length <= 50 && !title.toLowerCase().includes(keyphrase))
    title = clipWords(subtitled(topic.title, title), 60);
  if (failing.has('title-length')) {
    if (title.length > 60) title = clipWords(title, 60);
    else if (title.length < 10) title = clipWords(`${title} | ${brand}`, 60);
  }
  if (failing.has('keyphrase-in-meta-description') && !metaDescription.toLowerCase().includes(keyphrase))
    metaDescription = subtitled(topic.title, metaDescription);
  if (
    failing.has('meta-description') ||
    failing.has('meta-description-length') ||
    metaDescription.length > 156
  ) {
    const filler = [
      sentence(`Practical advice on ${topic.mention}`),
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
    body = `${sentence(`Why it matters and how to start: this page covers ${topic.mention}`)}\n\n${body}`;
  if (failing.has('keyphrase-in-heading')) body = `## ${topic.title}\n\n${body}`;
  if (failing.has('text-length') && !options.keepShort)
    body = `${body}\n\n## ${topic.kind === 'question' ? 'More on this question' : `More on ${topic.title}`}\n\nEvery business starts from a different place, so the best first step depends on where you are today. Look at what your customers ask about most, what they struggle with, and where they drop off. Those three answers usually point to the change that pays off fastest. Write the answers down, share them with your team, and agree on one thing to try first.\n\nWhen you have tried it, compare the results with the month before. If the numbers moved, keep going and try the next idea. If they did not, ask why before changing something else: the reason is often simpler than it looks, and the lesson makes the next attempt better. Small, steady improvements add up faster than one big launch, and they are far easier to explain, measure and repeat.`;
  if (failing.has('keyphrase-density')) {
    const words = body.split(/\s+/).length + title.split(/\s+/).length;
    const phraseWords = keyphrase.split(/\s+/).length;
    const density = (mentions(`${title} ${body}`, keyphrase) * phraseWords * 100) / words;
    if (density < 0.5)
      body = `${body}\n\n${sentence(`We are glad to answer your questions on ${topic.mention}`)}`;
    else {
      // Too many mentions: the title and headings keep theirs, the text keeps as many as a 2% density
      // allows (the audit counts the page's words a little differently, and its ceiling is 3%), at least
      // one, and the rest say "it" (quotes and "the question" included).
      const headings = [title, ...body.split('\n').filter((line) => line.startsWith('#'))].join(' ');
      const allowed = Math.max(
        1,
        Math.floor((2 * words) / (100 * phraseWords)) - mentions(headings, keyphrase),
      );
      let seen = 0;
      const escaped = keyphrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = new RegExp(`(?:the question )?“?${escaped}\\??”?`, 'gi');
      body = body
        .split('\n')
        .map((line) =>
          line.startsWith('#')
            ? line
            : line.replace(pattern, (match, at: number) => {
                if (++seen <= allowed) return match;
                // A quoted question that ended its sentence leaves the sentence to end after "it".
                const endsSentence =
                  /\?”?$/.test(match) && /^(\s+\p{Lu}|$)/u.test(line.slice(at + match.length));
                return endsSentence ? 'it.' : 'it';
              }),
        )
        .join('\n');
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
  const topic = readTopic(keyphrase);
  let current = draft;
  let checks = audit(current);
  for (let pass = 0; pass < maxPasses; pass++) {
    const failing = new Set(checks.filter((c) => !c.passed).map((c) => c.id));
    if (failing.size === 0) break;
    const next = fix(current, failing, topic, options);
    if (JSON.stringify(next) === JSON.stringify(current)) break;
    current = next;
    checks = audit(current);
  }
  return { draft: current, checks };
}
