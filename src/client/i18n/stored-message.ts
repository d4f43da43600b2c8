import { isServerMessageId, type MessageValues, serverMessages } from '@domain/messages';
import { catalogued } from './field-message';
import { i18n } from './i18n';

/** The values in the reader's language, or null when a nested message is unknown to this client. */
function readerValues(given: Record<string, unknown>): MessageValues | null {
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(given)) {
    if (value && typeof value === 'object') {
      const nested = value as { id?: unknown; values?: unknown };
      const text = storedMessageText(nested.id, nested.values, null);
      if (text === null) return null;
      values[name] = text;
    } else if (name === 'fields' && typeof value === 'string') {
      values[name] = value
        .split(', ')
        .map((f) => catalogued(f) ?? f)
        .join(', ');
    } else if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  return values;
}

/**
 * A line the server stored with its message id and values (an activity, a timeline entry, an operations
 * reason) in the reader's language; anything else, such as a line recorded before it carried an id, reads
 * as `fallback`. A value may be a message itself (`MessageRef`), read in the reader's language too; a
 * `fields` value lists catalogued field labels joined by ", ", each shown in the reader's language.
 */
export function storedMessageText<F extends string | null>(
  id: unknown,
  values: unknown,
  fallback: F,
): string | F {
  if (!isServerMessageId(id)) return fallback;
  const given = readerValues(values && typeof values === 'object' ? (values as Record<string, unknown>) : {});
  return given === null ? fallback : i18n._(serverMessages[id], given);
}

type StoredRef = { id?: unknown; values?: unknown } | null | undefined;

/** A line stored as its English text beside its catalogued message (`MessageRef`), in the reader's language. */
export function messageRefText(ref: StoredRef, english: string): string {
  return storedMessageText(ref?.id, ref?.values, english);
}

/** A timeline entry's title in the reader's language (its catalogued message is in `metadata.message`). */
export function timelineText(entry: { title: string; metadata: Record<string, unknown> }): string {
  return messageRefText(entry.metadata.message as StoredRef, entry.title);
}
