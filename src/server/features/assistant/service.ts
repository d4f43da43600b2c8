import {
  type AssistantContact,
  type AssistantScenario,
  type Localized,
  maxQuickActions,
  maxSuggestions,
  minInputLength,
  type ParsedSuggestionRequest,
  type QuickAction,
  type Suggestion,
  type SuggestionAnswer,
  type SuggestionResponse,
  type SuggestionType,
  suggestionAnswerSchema,
} from '@domain/assistant/assistant-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { type MessageValues, type ServerMessageId, serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { type Contact, findContact, listContacts } from '../contacts/index.js';

/** A contact not reached for this many days is worth a follow-up. */
export const staleAfterDays = 21;
/** The oldest-contacted contacts read to find stale ones: never-contacted new contacts sort first and are skipped. */
const staleCandidates = 20;
const matchLimit = 3;
const dayMs = 86_400_000;

/** Asks a language model: the system instructions and the prompt in, its text answer out. */
export type AskModel = (system: string, prompt: string) => Promise<string>;

/**
 * Runs `fn` in a short read-only transaction of the workspace asked about (the member's, or the demo's).
 * The transaction ends before the model is asked, so a slow model holds no database connection.
 */
export type ReadWorkspace = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

export interface SuggestOptions {
  now: Date;
  /** When set, the model answers and the rules are the fallback; unset, the rules answer. */
  askModel?: AskModel;
}

interface Said {
  text: string;
  message: Localized;
}

function say(id: ServerMessageId, values: MessageValues = {}): Said {
  const message = serverMessage(id, values);
  return { text: message.text, message: { id, values } };
}

function suggestion(type: SuggestionType, confidence: number, text: string | Said, reason: Said): Suggestion {
  return {
    type,
    confidence: Math.round(confidence * 100) / 100,
    reason: reason.text,
    reasonMessage: reason.message,
    ...(typeof text === 'string' ? { text } : { text: text.text, textMessage: text.message }),
  };
}

function quickAction(action: QuickAction['action'], label: Said, text: string | Said): QuickAction {
  return {
    action,
    label: label.text,
    labelMessage: label.message,
    ...(typeof text === 'string' ? { text } : { text: text.text, textMessage: text.message }),
  };
}

/** What the rules know about the workspace for this request. */
interface Facts {
  scenario: AssistantScenario;
  input: string;
  /** The text searched for contacts: the whole search, or the word being typed in a letter or note. */
  term: string | null;
  matches: Contact[];
  stale: { contact: Contact; days: number | null }[];
  /** The contact the input is about, completed from the workspace when its id is one of the workspace's. */
  contact: (AssistantContact & { name: string; staleDays: number | null | undefined }) | null;
}

/** Days since the last contact when that makes the contact stale, null when never contacted (and added long enough ago), undefined when not stale. */
function staleness(
  lastContactedAt: Date | string | null | undefined,
  createdAt: Date | string | null | undefined,
  now: Date,
): number | null | undefined {
  const since = (at: Date | string) => Math.floor((now.getTime() - new Date(at).getTime()) / dayMs);
  if (lastContactedAt) {
    const days = since(lastContactedAt);
    return days >= staleAfterDays ? days : undefined;
  }
  return createdAt && since(createdAt) >= staleAfterDays ? null : undefined;
}

function searchTerm(scenario: AssistantScenario, input: string): string | null {
  if (input.length < minInputLength) return null;
  if (scenario === 'contact-search') return input.slice(0, 200);
  // In a letter or a note, the word being typed (a name, most likely) is completed.
  const word = /([\p{L}][\p{L}'-]*)$/u.exec(input)?.[1] ?? '';
  return word.length >= minInputLength ? word : null;
}

async function gatherFacts(tx: Tx, request: ParsedSuggestionRequest, now: Date): Promise<Facts> {
  const input = request.userInput.trim();
  const term = searchTerm(request.currentPage, input);
  // One statement at a time: a transaction is one connection.
  const matches = term
    ? (await listContacts(tx, { q: term, sort: 'createdAt', limit: matchLimit })).contacts
    : [];
  const oldest =
    request.currentPage === 'contact-search' || request.contactData
      ? []
      : (await listContacts(tx, { sort: 'lastContactedAt', dir: 'asc', limit: staleCandidates })).contacts;
  const stale = oldest
    .filter((c) => c.status !== 'lost')
    .map((contact) => ({ contact, days: staleness(contact.lastContactedAt, contact.createdAt, now) }))
    .filter((s): s is { contact: Contact; days: number | null } => s.days !== undefined)
    .slice(0, 2);
  const contact = await resolveContact(tx, request.contactData, now);
  return { scenario: request.currentPage, input, term, matches, stale, contact };
}

/** The contact the input is about: what the caller sent over what the workspace holds for its id. */
async function resolveContact(
  tx: Tx,
  given: AssistantContact | null | undefined,
  now: Date,
): Promise<Facts['contact']> {
  if (!given) return null;
  // RLS: an id of another workspace finds nothing, and only what the caller sent is used.
  const stored = given.id ? await findContact(tx, given.id) : undefined;
  const sent = Object.fromEntries(
    Object.entries(given).filter(([, v]) => v !== undefined && v !== null),
  ) as Partial<AssistantContact>;
  const merged: AssistantContact = {
    ...(stored
      ? {
          firstName: stored.firstName,
          lastName: stored.lastName,
          email: stored.email,
          phone: stored.phone,
          company: stored.company,
          status: stored.status,
          lastContactedAt: stored.lastContactedAt?.toISOString() ?? null,
          notes: stored.notes,
        }
      : {}),
    ...sent,
  };
  if (!(merged.firstName || merged.lastName || merged.email || merged.phone)) return null;
  return {
    ...merged,
    name: contactDisplayName(merged),
    staleDays: staleness(merged.lastContactedAt, stored?.createdAt, now),
  };
}

const greeting = /^(hi|hello|hey|dear|good (morning|afternoon|evening))\b/i;
const nextStep = /next step|follow[- ]?up|to ?do|\bdue\b|\bby (mon|tue|wed|thu|fri|sat|sun|tomorrow|next)/i;

function completions(facts: Facts): Suggestion[] {
  const term = facts.term?.toLowerCase() ?? '';
  return facts.matches.map((contact, i) => {
    const name = contactDisplayName(contact);
    const byName = name.toLowerCase().startsWith(term) || contact.lastName.toLowerCase().startsWith(term);
    return suggestion(
      'completion',
      (byName ? 0.95 : 0.8) - i * 0.05,
      name,
      say(byName ? 'assistant.reasonNameMatch' : 'assistant.reasonTextMatch', { input: facts.term ?? '' }),
    );
  });
}

function missingFields(facts: Facts): Suggestion[] {
  const contact = facts.contact;
  if (!contact) return [];
  const missing = say('assistant.reasonMissingField');
  const name = contact.name;
  return [
    !contact.email && suggestion('improvement', 0.75, say('assistant.addEmail', { name }), missing),
    !contact.phone && suggestion('improvement', 0.7, say('assistant.addPhone', { name }), missing),
    !contact.company && suggestion('improvement', 0.6, say('assistant.addCompany', { name }), missing),
  ].filter((s): s is Suggestion => s !== false);
}

function textImprovements(facts: Facts): Suggestion[] {
  const { input, scenario } = facts;
  if (input.length < minInputLength) return [];
  const firstName = facts.contact?.firstName || facts.matches[0]?.firstName || null;
  if (scenario === 'email-composition') {
    return [
      !greeting.test(input) &&
        suggestion(
          'improvement',
          0.85,
          firstName ? say('assistant.addGreeting', { name: firstName }) : say('assistant.addGreetingNoName'),
          say('assistant.reasonNoGreeting'),
        ),
      input.length >= 40 &&
        !input.includes('?') &&
        suggestion('improvement', 0.7, say('assistant.addQuestion'), say('assistant.reasonNoQuestion')),
    ].filter((s): s is Suggestion => s !== false);
  }
  if (scenario === 'note-taking' && input.length >= 20 && !nextStep.test(input)) {
    return [suggestion('improvement', 0.8, say('assistant.addNextStep'), say('assistant.reasonNoNextStep'))];
  }
  return [];
}

function staleReason(days: number | null): Said {
  return days === null
    ? say('assistant.reasonNeverContacted')
    : say('assistant.reasonNoContactDays', { days });
}

function followUp(contact: Contact, days: number | null, confidence: number): Suggestion {
  return suggestion(
    'next_action',
    confidence,
    say('assistant.followUp', { name: contactDisplayName(contact) }),
    staleReason(days),
  );
}

const staleConfidence = (days: number | null) => (days === null ? 0.55 : Math.min(0.88, 0.5 + days / 300));

function followUps(facts: Facts, now: Date): Suggestion[] {
  // A search follows up the contacts it found; writing about one contact, only that contact counts.
  if (facts.scenario === 'contact-search') {
    return facts.matches.flatMap((c) => {
      const days = c.status === 'lost' ? undefined : staleness(c.lastContactedAt, c.createdAt, now);
      return days === undefined ? [] : [followUp(c, days, staleConfidence(days))];
    });
  }
  const contact = facts.contact;
  if (contact) {
    return contact.staleDays === undefined
      ? []
      : [
          suggestion(
            'next_action',
            0.9,
            say('assistant.followUp', { name: contact.name }),
            staleReason(contact.staleDays),
          ),
        ];
  }
  return facts.stale.map(({ contact: c, days }, i) => followUp(c, days, staleConfidence(days) - i * 0.01));
}

function templates(facts: Facts): Suggestion[] {
  const reason = say('assistant.reasonTemplate');
  const name = facts.contact?.name ?? (facts.matches[0] ? contactDisplayName(facts.matches[0]) : null);
  const firstName = facts.contact?.firstName || facts.matches[0]?.firstName || name;
  switch (facts.scenario) {
    case 'email-composition':
      return [
        suggestion(
          'template',
          0.6,
          firstName
            ? say('assistant.templateFollowUpEmail', { name: firstName })
            : say('assistant.templateFollowUpEmailNoName'),
          reason,
        ),
      ];
    case 'note-taking':
      return [
        suggestion(
          'template',
          0.6,
          name ? say('assistant.templateCallNote', { name }) : say('assistant.templateCallNoteNoName'),
          reason,
        ),
      ];
    case 'contact-search': {
      const company = facts.matches.find((c) => c.company)?.company;
      return company
        ? [suggestion('template', 0.5, company, say('assistant.reasonSameCompany', { company }))]
        : [];
    }
  }
}

function quickActions(facts: Facts): QuickAction[] {
  switch (facts.scenario) {
    case 'email-composition':
      return [quickAction('append', say('assistant.actionSignOff'), say('assistant.textSignOff'))];
    case 'note-taking':
      return [quickAction('append', say('assistant.actionNextStep'), say('assistant.textNextStep'))];
    case 'contact-search': {
      const domain = facts.matches.find((c) => c.email)?.email?.split('@')[1];
      return domain
        ? [quickAction('replace', say('assistant.actionSearchDomain', { domain }), `@${domain}`)]
        : [];
    }
  }
}

const typeOrder: Record<SuggestionType, number> = {
  completion: 0,
  improvement: 1,
  next_action: 2,
  template: 3,
};

/** Most confident first; ties by type, then text, so the same data always gives the same list. */
function ranked(suggestions: Suggestion[]): Suggestion[] {
  return [...suggestions]
    .sort(
      (a, b) =>
        b.confidence - a.confidence ||
        typeOrder[a.type] - typeOrder[b.type] ||
        (a.text < b.text ? -1 : a.text > b.text ? 1 : 0),
    )
    .slice(0, maxSuggestions);
}

function ruleAnswer(facts: Facts, now: Date): SuggestionAnswer {
  return {
    suggestions: ranked([
      ...completions(facts),
      ...missingFields(facts),
      ...textImprovements(facts),
      ...followUps(facts, now),
      ...templates(facts),
    ]),
    quickActions: quickActions(facts).slice(0, maxQuickActions),
  };
}

const modelInstructions = [
  'You are the contextual assistant of a CRM. Suggest what the user could write or do next.',
  'Answer with JSON only, no prose, exactly of this shape:',
  '{"suggestions":[{"type":"completion"|"improvement"|"next_action"|"template","text":string,"confidence":number from 0 to 1,"reason":string of a few words}],',
  '"quickActions":[{"label":string,"action":"append"|"replace","text":string}]}',
  `At most ${maxSuggestions} suggestions and ${maxQuickActions} quick actions.`,
  'Name only contacts that appear in the context.',
].join('\n');

function modelPrompt(request: ParsedSuggestionRequest, facts: Facts, rules: SuggestionAnswer): string {
  const brief = (c: Contact) => ({
    name: contactDisplayName(c),
    company: c.company,
    status: c.status,
    lastContactedAt: c.lastContactedAt,
  });
  return JSON.stringify({
    scenario: request.currentPage,
    userInput: request.userInput,
    contact: facts.contact,
    recentActivity: request.recentActivity,
    formData: request.formData ?? null,
    workspace: {
      contactsMatchingInput: facts.matches.map(brief),
      contactsToFollowUp: facts.stale.map((s) => brief(s.contact)),
    },
    offlineSuggestions: rules.suggestions.map(({ type, text, reason }) => ({ type, text, reason })),
  });
}

/** The model's answer as the response schema reads it, or null when it is not that JSON. */
export function parseModelAnswer(answer: string): SuggestionAnswer | null {
  // Models often fence JSON in a code block even when told not to.
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(answer)?.[1] ?? answer;
  let json: unknown;
  try {
    json = JSON.parse(fenced.trim());
  } catch {
    return null;
  }
  const parsed = suggestionAnswerSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * POST /api/ai/contextual-suggestions: suggestions ranked by rules over the workspace's own data
 * (contacts matching the typed text, the contact's missing fields, contacts not reached for a while,
 * the scenario's template), each with its reason. With a model, the model is asked with that context
 * and its answer validated; an unusable answer falls back to the rules and says so.
 */
export async function suggestContextually(
  read: ReadWorkspace,
  request: ParsedSuggestionRequest,
  options: SuggestOptions,
): Promise<SuggestionResponse> {
  const facts = await read((tx) => gatherFacts(tx, request, options.now));
  const rules = ruleAnswer(facts, options.now);
  if (!options.askModel) return { ...rules, engine: 'rules' };
  let answer: SuggestionAnswer | null;
  try {
    answer = parseModelAnswer(await options.askModel(modelInstructions, modelPrompt(request, facts, rules)));
  } catch {
    answer = null;
  }
  if (!answer) return { ...rules, engine: 'rules_fallback' };
  return { suggestions: ranked(answer.suggestions), quickActions: answer.quickActions, engine: 'model' };
}
