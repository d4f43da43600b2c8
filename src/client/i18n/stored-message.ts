import { isServerMessageId, type MessageValues, serverMessages } from '@domain/messages';
import { catalogued } from './field-message';
import { i18n } from './i18n';

/**
 * A line the server stored with its message id and values (an activity, a timeline entry) in the reader's
 * language; anything else, such as a line recorded before it carried an id, reads as `fallback`. A
 * `fields` value lists catalogued field labels joined by ", ", each shown in the reader's language too.
 */
export function storedMessageText(id: unknown, values: unknown, fallback: string): string {
  if (!isServerMessageId(id)) return fallback;
  const given = (values && typeof values === 'object' ? values : {}) as MessageValues;
  const fields = given.fields;
  return i18n._(
    serverMessages[id],
    typeof fields === 'string'
      ? {
          ...given,
          fields: fields
            .split(', ')
            .map((f) => catalogued(f) ?? f)
            .join(', '),
        }
      : given,
  );
}

/** A timeline entry's title in the reader's language (its catalogued message is in `metadata.message`). */
export function timelineText(entry: { title: string; metadata: Record<string, unknown> }): string {
  const message = entry.metadata.message as { id?: unknown; values?: unknown } | undefined;
  return storedMessageText(message?.id, message?.values, entry.title);
}
