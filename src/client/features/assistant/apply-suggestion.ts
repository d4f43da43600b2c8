import type { AssistantScenario, QuickAction, Suggestion } from '@domain/assistant/assistant-schemas';

const joined = (input: string, addition: string) => {
  const head = input.trimEnd();
  return head ? `${head}\n${addition}` : addition;
};

/**
 * The input after applying a suggestion: a completion replaces the search, or the word being typed in a
 * letter or note; a template fills an empty input and is added below anything written; improvements and
 * next actions are advice and leave the text as it is.
 */
export function applySuggestion(
  input: string,
  scenario: AssistantScenario,
  suggestion: Pick<Suggestion, 'type'>,
  text: string,
): string {
  switch (suggestion.type) {
    case 'completion':
      return scenario === 'contact-search' ? text : input.replace(/[\p{L}][\p{L}'-]*$/u, '') + text;
    case 'template':
      return scenario === 'contact-search' ? text : joined(input, text);
    default:
      return input;
  }
}

export function applyQuickAction(input: string, action: Pick<QuickAction, 'action'>, text: string): string {
  return action.action === 'replace' ? text : joined(input, text);
}
