import { type AssistantContact, userInputMaxLength } from '@domain/assistant/assistant-schemas';
import { applyQuickAction, applySuggestion } from './apply-suggestion';
import { signedInEndpoint } from './assistant-api';
import { SuggestionsPanel } from './suggestions-panel';
import { useAssistantPanel } from './use-assistant';

export interface NotesAssistantProps {
  notes: string;
  /** The contact as the form holds it now (its id when editing), so unsaved values count. */
  contact: AssistantContact;
  onNotesChange: (notes: string) => void;
}

/** The assistant under the contact form's notes field: the workspace's suggestions for the note being written. */
export function NotesAssistant({ notes, contact, onNotesChange }: NotesAssistantProps) {
  const assistant = useAssistantPanel({
    endpoint: signedInEndpoint,
    currentPage: 'note-taking',
    // The end of a long note is what is being written.
    userInput: notes.slice(-userInputMaxLength),
    contactData: contact,
    recentActivity: [],
  });
  if (!assistant.answer) return null;
  return (
    <SuggestionsPanel
      className="mt-2"
      answer={assistant.answer}
      onClose={assistant.close}
      onApplySuggestion={(suggestion, text) => {
        onNotesChange(applySuggestion(notes, 'note-taking', suggestion, text));
        assistant.close();
      }}
      onApplyAction={(action, text) => {
        onNotesChange(applyQuickAction(notes, action, text));
        assistant.close();
      }}
    />
  );
}
