import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatNumber } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import type {
  Localized,
  QuickAction,
  Suggestion,
  SuggestionResponse,
  SuggestionType,
} from '@domain/assistant/assistant-schemas';
import { serverMessages } from '@domain/messages';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Sparkles, X } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';

export const suggestionTypeNames: Record<SuggestionType, MessageDescriptor> = {
  completion: msg`Completion`,
  improvement: msg`Improvement`,
  next_action: msg`Next action`,
  template: msg`Template`,
};

/** The server's text in the user's language when it names a catalogued message, else as written (a model's answer). */
export function localizedText(i18n: I18n, text: string, message: Localized | undefined): string {
  return message ? i18n._(serverMessages[message.id], message.values) : text;
}

/** Calls `onOutside` for a pointer press outside `ref`'s element. */
function useOutsideClick(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void) {
  const handler = useRef(onOutside);
  handler.current = onOutside;
  useEffect(() => {
    if (!active) return;
    const listener = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) handler.current();
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [ref, active]);
}

export interface SuggestionsPanelProps {
  answer: SuggestionResponse;
  onClose: () => void;
  /** Receives the suggestion and its text as shown (in the user's language). */
  onApplySuggestion: (suggestion: Suggestion, text: string) => void;
  onApplyAction: (action: QuickAction, text: string, label: string) => void;
  className?: string;
}

/**
 * Spec 001 "AI assistant demo" and §4: the panel the parent opens when suggestions arrive; it closes on a
 * click outside it, on its close button, and when a suggestion or quick action is applied.
 */
export function SuggestionsPanel({
  answer,
  onClose,
  onApplySuggestion,
  onApplyAction,
  className,
}: SuggestionsPanelProps) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useOutsideClick(ref, true, onClose);
  return (
    <section
      ref={ref}
      aria-label={t`Suggestions`}
      data-testid="suggestions-panel"
      className={cn('rounded-lg border bg-popover p-3 text-popover-foreground shadow-lg', className)}
    >
      <div className="mb-2 flex items-center gap-2">
        <Sparkles className="h-4 w-4 text-primary" aria-hidden="true" />
        <h2 className="text-sm font-semibold">
          <Trans>Suggestions</Trans>
        </h2>
        <span className="text-xs text-muted-foreground">
          {answer.engine === 'model' ? (
            <Trans>from the AI model</Trans>
          ) : answer.engine === 'rules_fallback' ? (
            <Trans>from the offline rules (the AI answer could not be used)</Trans>
          ) : (
            <Trans>from the offline rules</Trans>
          )}
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="ms-auto h-7 w-7"
          onClick={onClose}
          aria-label={t`Close`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {answer.suggestions.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground">
          <Trans>No suggestions available. Try a different input.</Trans>
        </p>
      ) : (
        <ul className="space-y-1">
          {answer.suggestions.map((suggestion) => {
            const text = localizedText(i18n, suggestion.text, suggestion.textMessage);
            const reason = localizedText(i18n, suggestion.reason, suggestion.reasonMessage);
            return (
              <li key={`${suggestion.type}-${suggestion.text}`}>
                <button
                  type="button"
                  onClick={() => onApplySuggestion(suggestion, text)}
                  className="w-full rounded-md px-2 py-1.5 text-start hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge variant="secondary">{i18n._(suggestionTypeNames[suggestion.type])}</Badge>
                    <span className="text-sm font-medium">{text}</span>
                    <span className="ms-auto text-xs text-muted-foreground">
                      {formatNumber(suggestion.confidence, { style: 'percent', maximumFractionDigits: 0 })}
                    </span>
                  </span>
                  <span className="mt-0.5 block text-xs text-muted-foreground">{reason}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {answer.quickActions.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2 border-t pt-2">
          {answer.quickActions.map((action) => {
            const label = localizedText(i18n, action.label, action.labelMessage);
            return (
              <Button
                key={action.label}
                size="sm"
                variant="outline"
                onClick={() =>
                  onApplyAction(action, localizedText(i18n, action.text, action.textMessage), label)
                }
              >
                {label}
              </Button>
            );
          })}
        </div>
      )}
    </section>
  );
}
