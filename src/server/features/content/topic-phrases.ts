/**
 * How English copy mentions a user's topic without ever agreeing with it: the topic can be any noun phrase
 * (singular or plural), a verb phrase ("how to price croissants") or a question, so it is never a sentence's
 * subject. Mid-sentence it is quoted as the user typed it (their capitals kept: "iPhone", "Paris"); a
 * question is named as one and starts with a capital, as a quoted question does.
 */

export type TopicKind = 'question' | 'phrase';

export interface Topic {
  /** The topic as typed, spaces collapsed, trailing stops dropped; a question keeps one question mark. */
  text: string;
  kind: TopicKind;
  /** For the middle of a sentence: “sourdough croissants” or the question “Why do croissants go stale?”. */
  mention: string;
  /** For titles and headings: Sourdough Croissants for Autumn, Why Do Croissants Go Stale? */
  title: string;
  /** What the SEO checks look for: the text in lower case, without a question mark. */
  keyphrase: string;
}

export const stopWords = new Set(
  'a an and are as at be by for from how in into is it of on or our the this to what when why with your you'.split(
    ' ',
  ),
);

/** A word with a capital after its first letter (iPhone, WordPress, SEO, B2B) is a name: kept as typed. */
const isName = (word: string) => /\p{Lu}/u.test(word.slice(1)) || /\d/.test(word);

/** The first letter made a capital, unless the first word is a name written its own way (iPhone). */
const capitalize = (text: string) =>
  !text || isName(text.split(' ')[0]) ? text : text[0].toLocaleUpperCase('en') + text.slice(1);

/** Title case for headings: every word capitalised but the short ones inside; names stay as typed. */
export const titleCase = (text: string) =>
  text
    .split(/\s+/)
    .map((w, i) => (i > 0 && stopWords.has(w.toLowerCase()) ? w.toLowerCase() : capitalize(w)))
    .join(' ');

/** The topic as stored and checked: spaces collapsed, trailing stops dropped, one question mark kept. */
export function normalizeTopic(raw: string): string {
  const text = raw.replace(/\s+/g, ' ').trim();
  const isQuestion = /\?[\s?!.…]*$/.test(text);
  const bare = text.replace(/[\s?!.,;:…]+$/, '');
  return isQuestion && bare ? `${bare}?` : bare || text;
}

/** What the SEO checks and the keywords look for: the topic in lower case, without a question mark. */
export const keyphraseOf = (raw: string) => normalizeTopic(raw).replace(/\?$/, '').toLowerCase();

export function readTopic(raw: string): Topic {
  const text = normalizeTopic(raw);
  const common = { text, title: titleCase(text), keyphrase: keyphraseOf(text) };
  return text.endsWith('?')
    ? { ...common, kind: 'question', mention: `the question “${capitalize(text)}”` }
    : { ...common, kind: 'phrase', mention: `“${text}”` };
}

/**
 * Closes a sentence: a full stop, unless it already ends with a question mark or exclamation mark (inside
 * a closing quote too), so a quoted question never reads "?”.".
 */
export function sentence(text: string): string {
  return /[?!.]”?$/.test(text) ? text : `${text}.`;
}

/** Joins a title and a subtitle: "Topic: Subtitle", or after a question "Question? Subtitle". */
export function subtitled(title: string, subtitle: string): string {
  return /[?!]$/.test(title) ? `${title} ${subtitle}` : `${title}: ${subtitle}`;
}

/** "“a”", "“a” and “b”", "“a”, “b” and “c”": each item quoted, so a tag of any form reads right. */
export function quotedList(items: readonly string[]): string {
  const quoted = items.map((i) => `“${i}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** Text cut short loses a quotation the cut left open, so no quote mark is ever left unmatched. */
export function withoutOpenQuote(cut: string): string {
  return cut.split('“').length > cut.split('”').length ? cut.slice(0, cut.lastIndexOf('“')) : cut;
}
