import { z } from 'zod';
import { isServerMessageId, type MessageRef, type ServerMessageId } from './messages.js';

// Apart from the messages: the client's first page reads the catalogue, and must not load zod with it.

/** A message id inside an answer (a report's reasons, instructions), for the client to translate. */
export const serverMessageIdSchema = z.custom<ServerMessageId>(
  isServerMessageId,
  /*i18n*/ 'Unknown message id',
);
export const messageValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * A stored line's catalogued message (`MessageRef`): its values may nest further messages. Being recursive,
 * its JSON Schema can only refer to itself by name, so it is registered with an id: the API document lists
 * it under `components.schemas.MessageRef` and every answer that holds one points there.
 */
export const messageRefSchema: z.ZodType<MessageRef> = z
  .lazy(() => z.object({ id: serverMessageIdSchema, values: storedValuesSchema.optional() }))
  .meta({ id: 'MessageRef' });
// Named for the same reason: an answer may hold the values alone (an activity's), and they nest messages.
export const storedValuesSchema = z
  .record(z.string(), z.union([z.string(), z.number(), messageRefSchema]))
  .meta({ id: 'StoredValues' });
