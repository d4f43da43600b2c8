import { createHash } from 'node:crypto';
import type { ContentType } from '@domain/content/content-schemas';

/** What the workspace knows that a draft can speak to (issue 15 §1: its own data, not a template's). */
export interface GenerationContext {
  topic: string;
  type: ContentType;
  website: { name: string; domain: string; description: string } | null;
  workspaceName: string;
  /** The contacts' most common tags and kinds (buyer, investor, …), most frequent first. */
  industries: string[];
}

export interface GeneratedDraft {
  title: string;
  outline: string[];
  /** A small Markdown subset: `## ` headings, `- ` list items, paragraphs split by blank lines. */
  body: string;
  metaDescription: string;
  keywords: string[];
}

const stopWords = new Set(
  'a an and are as at be by for from how in into is it of on or our the this to what when why with your you'.split(
    ' ',
  ),
);

const capitalize = (word: string) => (word ? word[0].toUpperCase() + word.slice(1) : word);
export const titleCase = (text: string) =>
  text
    .split(/\s+/)
    .map((w, i) => (i > 0 && stopWords.has(w.toLowerCase()) ? w.toLowerCase() : capitalize(w)))
    .join(' ');

/** A stable choice among variants: the same topic always reads the same, different topics differ. */
function picker(seed: string) {
  const digest = createHash('sha256').update(seed).digest();
  let index = 0;
  return <T>(options: readonly T[]): T => {
    const value = digest[index % digest.length];
    index += 1;
    return options[value % options.length];
  };
}

/** The topic, its words, the audience's terms and the website's name: what a draft should be found by. */
export function keywordsFor(context: GenerationContext): string[] {
  const topic = context.topic.toLowerCase();
  const words = topic.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2 && !stopWords.has(w));
  const all = [topic, ...words, ...context.industries.map((i) => i.toLowerCase())];
  if (context.website) all.push(context.website.name.toLowerCase());
  return [...new Set(all)].filter((k) => k.length <= 60).slice(0, 8);
}

function audienceOf(context: GenerationContext): string {
  const described = context.website?.description.trim();
  if (described) return described.replace(/\.$/, '');
  if (context.industries.length > 0) return `${context.industries.slice(0, 2).join(' and ')} clients`;
  return 'growing businesses';
}

/** `text` cut at a word to at most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[,;:.\s]+$/, '')}…`;
}

/**
 * The offline generator: a deterministic draft per content type from the topic and the workspace's own
 * data, with no network. It writes plain, usable copy; the UI labels it as the offline generator.
 */
export function generateOffline(context: GenerationContext): GeneratedDraft {
  const pick = picker(`${context.type}:${context.topic.toLowerCase()}`);
  const topic = context.topic.trim();
  const Topic = titleCase(topic);
  const brand = context.website?.name ?? context.workspaceName;
  const audience = audienceOf(context);
  const industries = context.industries.slice(0, 3);
  const industryLine =
    industries.length > 0
      ? `The people we work with most, ${industries.join(', ')}, told us the same thing: start small, measure, then grow.`
      : 'The people we work with most told us the same thing: start small, measure, then grow.';
  const keywords = keywordsFor(context);
  const meta = (text: string) => clip(text, 156);

  switch (context.type) {
    case 'blog': {
      const title = clip(
        pick([`${Topic}: A Practical Guide`, `${Topic} Explained`, `Getting ${Topic} Right`]),
        60,
      );
      const steps = [
        pick(['Set one clear goal', 'Decide what success looks like', 'Write down the outcome you want']),
        pick(['Start with what you already have', 'Audit your current setup', 'List what already works']),
        pick(['Test one change at a time', 'Run a small experiment first', 'Try it with a few customers']),
        pick([
          'Measure and adjust every month',
          'Review the numbers monthly',
          'Keep what works, drop the rest',
        ]),
      ];
      const outline = [
        'Introduction',
        `Why ${topic} matters for ${audience}`,
        'Four steps to get started',
        'Common mistakes to avoid',
        'Next steps',
      ];
      const body = [
        `${topic} is one of the questions we hear most at ${brand}. This guide explains what it means for ${audience}, where to begin, and how to tell whether it is working, without jargon and without a large budget.`,
        `## ${outline[1]}`,
        `Customers compare options faster than ever, and the businesses that explain themselves clearly win their attention. Handled well, ${topic} saves time, builds trust and turns occasional visitors into regular customers. Handled badly, it costs money and confuses the people you want to reach. ${industryLine}`,
        `## ${outline[2]}`,
        ...steps.map(
          (s, i) =>
            `- ${s}${i === 0 ? `: what should change for your customers in the next ninety days?` : '.'}`,
        ),
        'Each step is small on purpose. A plan you can finish this month beats a perfect plan that never starts, and every result you measure tells you what to try next.',
        `## ${outline[3]}`,
        'The most common mistake is doing everything at once: changes pile up and nobody can tell which one helped. The second is copying a competitor without asking whether their customers are yours. The third is stopping too early; most improvements need a few weeks before they show in the numbers.',
        'Keep a short log of what you changed and when. It takes five minutes a week and turns guesses into decisions you can explain to your team.',
        `## ${outline[4]}`,
        `Pick one of the four steps and do it this week. If you want help, the team at ${brand} works with ${audience} every day and is happy to talk through your situation. Reply to this article or get in touch through our website, and we will share what has worked for others in your position.`,
      ].join('\n\n');
      return {
        title,
        outline,
        body,
        metaDescription: meta(
          `${Topic} for ${audience}: why it matters, four practical steps to start, and the mistakes to avoid, from the team at ${brand}.`,
        ),
        keywords,
      };
    }
    case 'social': {
      const title = clip(`${Topic}: ${pick(['Quick Tip', 'This Week', 'Did You Know?'])}`, 60);
      const tags = keywords
        .slice(1, 4)
        .map((k) => `#${k.replace(/[^\p{L}\p{N}]+/gu, '')}`)
        .filter((t) => t.length > 1);
      const outline = ['LinkedIn post', 'X post', 'Instagram caption'];
      const body = [
        `## ${outline[0]}`,
        `${pick(['Here is something', 'One thing', 'A lesson'])} we learned helping ${audience} with ${topic}: the first small step matters more than the perfect plan. ${industryLine} What is your first step going to be?`,
        `## ${outline[1]}`,
        clip(`${Topic}, in one line: start small, measure, repeat. ${tags.join(' ')}`, 270),
        `## ${outline[2]}`,
        `${Topic} does not have to be complicated. ${pick(['Save this', 'Share this', 'Bookmark this'])} for the next time you plan your week. ${tags.join(' ')}`,
      ].join('\n\n');
      return {
        title,
        outline,
        body,
        metaDescription: meta(`${Topic}: ready-to-post copy for LinkedIn, X and Instagram from ${brand}.`),
        keywords,
      };
    }
    case 'email': {
      const title = clip(
        pick([`${Topic}: what you need to know`, `A quick note on ${topic}`, `Your guide to ${topic}`]),
        60,
      );
      const outline = ['Subject line', 'Opening', 'Why it matters', 'Call to action', 'Sign-off'];
      const body = [
        `## Subject: ${title}`,
        'Hi there,',
        `We have been talking with ${audience} about ${topic}, and a few ideas keep coming up that we think are worth sharing with you.`,
        `## Why it matters`,
        `${industryLine} Most of the gains come from two or three simple changes, not from a big project.`,
        `- ${pick(['Start with one clear goal', 'Pick one outcome to improve'])}`,
        `- ${pick(['Try it with a small group first', 'Test it before rolling it out'])}`,
        `- ${pick(['Check the results after a month', 'Measure before you expand'])}`,
        `## ${pick(['Want to talk it through?', 'Ready for the next step?'])}`,
        `Reply to this email and tell us where you are with ${topic}. We read every answer.`,
        `Best regards,\nThe ${brand} team`,
      ].join('\n\n');
      return {
        title,
        outline,
        body,
        metaDescription: meta(
          `An email from ${brand} about ${topic} for ${audience}: three simple changes and an invitation to reply.`,
        ),
        keywords,
      };
    }
    case 'landing': {
      const title = clip(
        pick([`${Topic} Made Simple`, `${Topic} That Works`, `Better ${Topic}, Sooner`]),
        60,
      );
      const outline = ['Headline', 'Benefits', 'How it works', 'Questions', 'Call to action'];
      const body = [
        `${brand} helps ${audience} with ${topic}: a clear plan, honest advice and results you can measure.`,
        '## Benefits',
        `- ${pick(['Save hours every week', 'Spend less time on busywork'])}`,
        `- ${pick(['Know what works and what does not', 'Decide with real numbers'])}`,
        `- ${pick(['Support from people who know your field', 'Advice from a team that has done it before'])}`,
        '## How it works',
        `Tell us where you are today. We suggest the first three steps for ${topic}, help you put them in place, and review the results with you after thirty days. ${industryLine}`,
        '## Questions',
        `Do I need a large budget? No. Most ${audience} start with what they already have.`,
        'How soon will I see results? Usually within the first month, because we start with the changes that pay off fastest.',
        `## ${pick(['Get started today', 'Talk to us', 'Book a free call'])}`,
        `Contact ${brand} and we will show you what ${topic} can do for you.`,
      ].join('\n\n');
      return {
        title,
        outline,
        body,
        metaDescription: meta(
          `${Topic} for ${audience}: save time, decide with real numbers and get support from ${brand}. Start today.`,
        ),
        keywords,
      };
    }
    case 'product': {
      const title = clip(
        `${Topic}${pick([' — Overview', ' | Features and Details', ': Product Details'])}`,
        60,
      );
      const outline = ['Overview', 'Key features', 'Who it is for', 'Details'];
      const body = [
        `## Overview`,
        `${Topic} from ${brand} is built for ${audience}. It does one job well and fits into the way you already work.`,
        '## Key features',
        `- ${pick(['Ready to use the same day', 'Set up in minutes'])}`,
        `- ${pick(['Clear pricing, no surprises', 'No hidden costs'])}`,
        `- ${pick(['Support from our own team', 'Help from real people when you need it'])}`,
        '## Who it is for',
        `${industryLine} If that sounds like you, ${topic} is a good place to start.`,
        '## Details',
        `Questions about ${topic}? Contact ${brand} and we will answer within one business day.`,
      ].join('\n\n');
      return {
        title,
        outline,
        body,
        metaDescription: meta(
          `${Topic} by ${brand}: ready the same day, clear pricing and real support, made for ${audience}.`,
        ),
        keywords,
      };
    }
  }
}
