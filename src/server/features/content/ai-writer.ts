import { AppError } from '@domain/app-error';
import { type Locale, localeNames } from '@domain/locales';
import { serverMessage } from '@domain/messages';
import { z } from 'zod';
import type { AiProvider } from '../../providers/ai/ai-provider.js';
import {
  clip,
  type GeneratedDraft,
  type GenerationContext,
  keywordsFor,
  titleCase,
} from './offline-generator.js';

const draftSchema = z.object({
  title: z.string().trim().min(1).max(200),
  outline: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  body: z.string().trim().min(1).max(100_000),
  metaDescription: z.string().trim().max(300).default(''),
  keywords: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
});

const shape =
  'Answer with one JSON object: {"title": string (at most 60 characters), "outline": string[] (the section ' +
  'headings), "body": string, "metaDescription": string (120 to 156 characters), "keywords": string[] (at most 8)}. ' +
  'Write the body in plain text: a line starting with "## " is a section heading, a line starting with "- " is ' +
  'a list item, paragraphs are separated by a blank line. No other markup.';

const typeBriefs: Record<GenerationContext['type'], string> = {
  blog: 'a blog article of 400 to 700 words',
  social:
    'three short social media posts (LinkedIn, X at most 270 characters, Instagram), each under its own heading',
  email: 'a marketing email with a subject line heading, a greeting, a short body and a call to action',
  landing: 'landing page copy: a headline, benefits, how it works, questions and a call to action',
  product: 'a product description: overview, key features, who it is for, details',
};

function parseDraft(text: string): GeneratedDraft {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('unavailable', serverMessage('ai.malformed'), { internal: 'draft is not JSON' });
  }
  const parsed = draftSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError('unavailable', serverMessage('ai.malformed'), {
      internal: `draft does not have the asked shape: ${parsed.error.issues[0]?.path.join('.')}`,
    });
  return parsed.data;
}

function factsOf(context: GenerationContext): string {
  return [
    `Topic: ${context.topic}`,
    `Business: ${context.website?.name ?? context.workspaceName}`,
    context.website
      ? `Website: ${context.website.domain}. Audience: ${context.website.description || 'not described'}`
      : '',
    context.industries.length > 0 ? `Their customers are mostly: ${context.industries.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The plain-text draft the stream route asks for: a "# " title line, then the body in the same markup. */
export function streamPrompt(context: GenerationContext): { system: string; prompt: string } {
  return {
    system:
      `You are a careful marketing copywriter. Write ${typeBriefs[context.type]}. Start with the title on a line ` +
      'beginning with "# ", then the body: "## " headings, "- " list items, blank lines between paragraphs.',
    prompt: factsOf(context),
  };
}

/**
 * The stored draft of a streamed answer (streamPrompt's plain text): the "# " line is the title, the "## "
 * headings the outline, the first paragraph the meta description; the keywords are the ones the offline
 * generator would pick. An answer with no body is malformed and stores nothing.
 */
export function draftFromStreamedText(text: string, context: GenerationContext): GeneratedDraft {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const titleAt = lines.findIndex((line) => /^#\s+\S/.test(line));
  const title = titleAt >= 0 ? lines[titleAt].replace(/^#\s+/, '').trim() : titleCase(context.topic.trim());
  const body = lines
    .filter((_, i) => i !== titleAt)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!body)
    throw new AppError('unavailable', serverMessage('ai.malformed'), {
      internal: 'streamed draft has no body',
    });
  const blocks = body.split(/\n{2,}/).map((block) => block.trim());
  const outline = lines
    .filter((line) => /^##\s+\S/.test(line))
    .map((line) => clip(line.replace(/^##\s+/, '').trim(), 200))
    .slice(0, 20);
  const firstParagraph = blocks.find((block) => !/^(#|- )/.test(block)) ?? blocks[0];
  return {
    title: clip(title, 200),
    outline,
    body: body.slice(0, 100_000),
    metaDescription: clip(firstParagraph.replace(/\s+/g, ' '), 156),
    keywords: keywordsFor(context),
  };
}

/** A draft from the configured model, asked with the same workspace context the offline generator uses. */
export async function writeWithModel(ai: AiProvider, context: GenerationContext): Promise<GeneratedDraft> {
  const text = await ai.complete({
    system: `You are a careful marketing copywriter. Write ${typeBriefs[context.type]}. ${shape}`,
    prompt: factsOf(context),
    json: true,
    maxTokens: 2000,
  });
  return parseDraft(text);
}

/** The item in another language, every field translated, the structure kept. */
export async function translateWithModel(
  ai: AiProvider,
  draft: GeneratedDraft,
  locale: Locale,
): Promise<GeneratedDraft> {
  const text = await ai.complete({
    system:
      `Translate the content in the JSON object you are given into ${localeNames[locale]} (${locale}). ` +
      `Keep the "## " headings and "- " list items as they are. Translate every string value. ${shape}`,
    prompt: JSON.stringify(draft),
    json: true,
    maxTokens: 4000,
  });
  return parseDraft(text);
}
