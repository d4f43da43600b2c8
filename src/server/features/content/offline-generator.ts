import { createHash } from 'node:crypto';
import type { ContentType } from '@domain/content/content-schemas';
import type { Locale } from '@domain/locales';
import {
  keyphraseOf,
  quotedList,
  readTopic,
  sentence,
  stopWords,
  subtitled,
  type Topic,
  withoutOpenQuote,
} from './topic-phrases.js';

export { titleCase } from './topic-phrases.js';

/**
 * The languages the offline generator writes: English only. Its copy frames the user's topic so that it reads
 * right whatever the topic is; the other languages' agreement (gender, case, counters) cannot be framed that
 * safely, so it does not claim them, and translating needs the AI provider.
 */
export const offlineGeneratorLocales = ['en'] as const satisfies readonly Locale[];

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
  const topic = keyphraseOf(context.topic);
  const words = topic.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2 && !stopWords.has(w));
  const all = [topic, ...words, ...context.industries.map((i) => i.toLowerCase())];
  if (context.website) all.push(context.website.name.toLowerCase());
  return [...new Set(all)].filter((k) => k.length <= 60).slice(0, 8);
}

/**
 * `text` cut at a word to at most `max` characters, with an ellipsis when cut; a quotation the cut would
 * leave open is left out whole.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  cut = withoutOpenQuote(cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)));
  return `${cut.replace(/[,;:.\s]+$/, '')}…`;
}

/** What every template needs: the topic's forms, the business's name and a line about its contacts. */
interface Frame {
  topic: Topic;
  brand: string;
  /** Who the workspace's contacts are, from their most common tags (quoted: a tag can be any word). */
  peopleLine: string;
  /** The website's own description as a closing paragraph, or null. */
  about: string | null;
  pick: <T>(options: readonly T[]) => T;
}

const lesson = 'start small, measure, then grow';

function frameOf(context: GenerationContext): Frame {
  const topic = readTopic(context.topic);
  const tags = context.industries.slice(0, 3);
  const description = context.website?.description.trim() ?? '';
  return {
    topic,
    brand: context.website?.name ?? context.workspaceName,
    peopleLine:
      tags.length > 0
        ? `The contacts we work with most, those tagged ${quotedList(tags)}, tell us the same thing: ${lesson}.`
        : `The people we work with tell us the same thing: ${lesson}.`,
    about: description ? sentence(description[0].toLocaleUpperCase('en') + description.slice(1)) : null,
    pick: picker(`${context.type}:${topic.text.toLowerCase()}`),
  };
}

/** The title variants: a question is its own headline, with a short line after it. */
function titleOf(frame: Frame, forPhrase: readonly string[], afterQuestion: readonly string[]): string {
  const { topic, pick } = frame;
  return clip(topic.kind === 'question' ? subtitled(topic.title, pick(afterQuestion)) : pick(forPhrase), 60);
}

function blog(frame: Frame): GeneratedDraft {
  const { topic, brand, pick } = frame;
  const title = titleOf(
    frame,
    [
      subtitled(topic.title, 'A Practical Guide'),
      `${topic.title}, Explained`,
      subtitled(topic.title, 'What to Know'),
    ],
    ['A Practical Answer', 'Our Answer', 'What We Have Learned'],
  );
  const steps = [
    pick(['Set one clear goal', 'Decide what success looks like', 'Write down the outcome you want']),
    pick(['Start with what you already have', 'Audit your current setup', 'List what already works']),
    pick(['Test one change at a time', 'Run a small experiment first', 'Try it with a few customers']),
    pick(['Measure and adjust every month', 'Review the numbers monthly', 'Keep what works, drop the rest']),
  ];
  const outline = [
    'Introduction',
    'Why it matters to your customers',
    'Four steps to get started',
    'Common mistakes to avoid',
    'Next steps',
    ...(frame.about ? [`About ${brand}`] : []),
  ];
  const introduction =
    topic.kind === 'question'
      ? `At ${brand}, we hear ${topic.mention} more often than almost any other. This guide answers it without jargon and without a large budget: what it means for your business, where to begin, and how to tell whether your approach is working.`
      : `Questions about ${topic.mention} come up often at ${brand}. This guide explains, without jargon and without a large budget, what the subject means for your business, where to begin, and how to tell whether your approach is working.`;
  const body = [
    introduction,
    `## ${outline[1]}`,
    `Customers compare options faster than ever, and the businesses that explain themselves clearly win their attention. Getting this right saves time, builds trust and turns occasional visitors into regular customers. Getting it wrong costs money and confuses the people you want to reach. ${frame.peopleLine}`,
    `## ${outline[2]}`,
    ...steps.map(
      (s, i) => `- ${s}${i === 0 ? ': what should change for your customers in the next ninety days?' : '.'}`,
    ),
    'Each step is small on purpose. A plan you can finish this month beats a perfect plan that never starts, and every result you measure tells you what to try next.',
    `## ${outline[3]}`,
    'The most common mistake is doing everything at once: changes pile up and nobody can tell which one helped. The second is copying a competitor without asking whether their customers are yours. The third is stopping too early; most improvements need a few weeks before they show in the numbers.',
    'Keep a short log of what you changed and when. It takes five minutes a week and turns guesses into decisions you can explain to your team.',
    `## ${outline[4]}`,
    `Pick one of the four steps and do it this week. ${sentence(`If you want help, ask the team at ${brand} about ${topic.mention}`)} Reply to this article or get in touch through our website, and we will share what has worked for others in your position.`,
    ...(frame.about ? [`## About ${brand}`, frame.about] : []),
  ].join('\n\n');
  return {
    title,
    outline,
    body,
    metaDescription: sentence(
      `Why it matters, four practical steps to start and the mistakes to avoid: a guide from ${brand} on ${topic.mention}`,
    ),
    keywords: [],
  };
}

function social(frame: Frame, keywords: readonly string[]): GeneratedDraft {
  const { topic, brand, pick } = frame;
  const title = titleOf(
    frame,
    [
      subtitled(topic.title, 'A Quick Tip'),
      subtitled(topic.title, 'This Week'),
      subtitled(topic.title, 'Worth Knowing'),
    ],
    ['A Quick Answer', 'Our Take'],
  );
  const tags = keywords
    .slice(1, 4)
    .map((k) => `#${k.replace(/[^\p{L}\p{N}]+/gu, '')}`)
    .filter((t) => t.length > 1)
    .join(' ');
  const outline = ['LinkedIn post', 'X post', 'Instagram caption'];
  const body = [
    `## ${outline[0]}`,
    `Helping our clients with ${topic.mention} ${pick(['taught us', 'keeps teaching us', 'showed us'])} one thing: the first small step matters more than the perfect plan. ${frame.peopleLine} What is your first step going to be?`,
    `## ${outline[1]}`,
    clip(`${sentence(`Start small, measure, repeat: our advice on ${topic.mention}`)} ${tags}`.trim(), 270),
    `## ${outline[2]}`,
    `${sentence(`This week we are thinking about ${topic.mention}`)} It does not have to be complicated. ${pick(['Save this', 'Share this', 'Bookmark this'])} for the next time you plan your week. ${tags}`.trim(),
  ].join('\n\n');
  return {
    title,
    outline,
    body,
    metaDescription: sentence(
      `Ready-to-post copy for LinkedIn, X and Instagram from ${brand} on ${topic.mention}`,
    ),
    keywords: [],
  };
}

function email(frame: Frame): GeneratedDraft {
  const { topic, brand, pick } = frame;
  const title = titleOf(
    frame,
    [
      subtitled(topic.title, 'What You Need to Know'),
      `A Quick Note on ${topic.title}`,
      subtitled(topic.title, 'A Few Ideas'),
    ],
    ['Here Is Our Answer', 'A Quick Answer'],
  );
  const outline = ['Subject line', 'Opening', 'Why it matters', 'Call to action', 'Sign-off'];
  const body = [
    `## Subject: ${title}`,
    'Hi there,',
    `${sentence(`A few ideas keep coming up when we talk with clients about ${topic.mention}`)} We think they are worth sharing with you.`,
    '## Why it matters',
    `${frame.peopleLine} Most of the gains come from two or three simple changes, not from a big project.`,
    `- ${pick(['Start with one clear goal', 'Pick one outcome to improve'])}`,
    `- ${pick(['Try it with a small group first', 'Test it before rolling it out'])}`,
    `- ${pick(['Check the results after a month', 'Measure before you expand'])}`,
    `## ${pick(['Want to talk it through?', 'Ready for the next step?'])}`,
    `${sentence(`Reply to this email and tell us where you stand on ${topic.mention}`)} We read every answer.`,
    `Best regards,\nThe ${brand} team`,
  ].join('\n\n');
  return {
    title,
    outline,
    body,
    metaDescription: sentence(
      `An email from ${brand} with three simple changes and an invitation to reply, on ${topic.mention}`,
    ),
    keywords: [],
  };
}

function landing(frame: Frame): GeneratedDraft {
  const { topic, brand, pick } = frame;
  const title = titleOf(
    frame,
    [`${topic.title}, Made Simple`, subtitled(topic.title, 'Clear Help'), `Help with ${topic.title}`],
    ['We Can Help', 'Let Us Help'],
  );
  const outline = [
    'Headline',
    'Benefits',
    'How it works',
    'Questions',
    ...(frame.about ? [`About ${brand}`] : []),
    'Call to action',
  ];
  const body = [
    sentence(
      `A clear plan, honest advice and results you can measure: that is how ${brand} helps with ${topic.mention}`,
    ),
    '## Benefits',
    `- ${pick(['Save hours every week', 'Spend less time on busywork'])}`,
    `- ${pick(['Know what works and what does not', 'Decide with real numbers'])}`,
    `- ${pick(['Support from people who know your field', 'Advice from a team that has done it before'])}`,
    '## How it works',
    `Tell us where you are today. We suggest the first three steps, help you put them in place, and review the results with you after thirty days. ${frame.peopleLine}`,
    '## Questions',
    'Do I need a large budget? No. Most of our clients start with what they already have.',
    'How soon will I see results? Usually within the first month, because we start with the changes that pay off fastest.',
    ...(frame.about ? [`## About ${brand}`, frame.about] : []),
    `## ${pick(['Get started today', 'Talk to us', 'Book a free call'])}`,
    `${sentence(`Contact ${brand} about ${topic.mention}`)} We will show you what we can do for you.`,
  ].join('\n\n');
  return {
    title,
    outline,
    body,
    metaDescription: `${sentence(`Save time, decide with real numbers and get support from ${brand} on ${topic.mention}`)} Start today.`,
    keywords: [],
  };
}

function product(frame: Frame): GeneratedDraft {
  const { topic, brand, pick } = frame;
  const title = titleOf(
    frame,
    [
      `${topic.title} — Overview`,
      `${topic.title} | Features and Details`,
      subtitled(topic.title, 'Product Details'),
    ],
    ['Product Details', 'Our Answer'],
  );
  const outline = [
    'Overview',
    'Key features',
    'Who it is for',
    ...(frame.about ? [`About ${brand}`] : []),
    'Details',
  ];
  const overview =
    topic.kind === 'question'
      ? `${sentence(`${brand} built this product to answer ${topic.mention}`)} It does one job well and fits into the way you already work.`
      : `${sentence(`Made by ${brand}: ${topic.mention}`)} It does one job well and fits into the way you already work.`;
  const body = [
    '## Overview',
    overview,
    '## Key features',
    `- ${pick(['Ready to use the same day', 'Set up in minutes'])}`,
    `- ${pick(['Clear pricing, no surprises', 'No hidden costs'])}`,
    `- ${pick(['Support from our own team', 'Help from real people when you need it'])}`,
    '## Who it is for',
    `${frame.peopleLine} If that sounds like you, this is a good place to start.`,
    ...(frame.about ? [`## About ${brand}`, frame.about] : []),
    '## Details',
    `Contact ${brand} about ${topic.mention} and we will answer within one business day.`,
  ].join('\n\n');
  return {
    title,
    outline,
    body,
    metaDescription: sentence(
      `Ready the same day, with clear pricing and real support from ${brand}: ${topic.mention}`,
    ),
    keywords: [],
  };
}

/**
 * The offline generator: a deterministic draft per content type from the topic and the workspace's own
 * data, with no network. It writes plain, usable English (offlineGeneratorLocales); the UI says so.
 */
export function generateOffline(context: GenerationContext): GeneratedDraft {
  const frame = frameOf(context);
  const keywords = keywordsFor(context);
  const draft = {
    blog: () => blog(frame),
    social: () => social(frame, keywords),
    email: () => email(frame),
    landing: () => landing(frame),
    product: () => product(frame),
  }[context.type]();
  return { ...draft, metaDescription: clip(draft.metaDescription, 156), keywords };
}
