import { useEffect, useState } from 'react';
import { type SuggestionContext, useSuggestions } from './assistant-api';

/** The suggestions of `context` and whether their panel is open: it opens whenever an answer arrives. */
export function useAssistantPanel(context: SuggestionContext) {
  const query = useSuggestions(context);
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    if (query.data) setIsOpen(true);
  }, [query.data]);
  return { query, answer: isOpen ? (query.data ?? null) : null, close: () => setIsOpen(false) };
}
