import { z } from 'zod';
import { isServerMessageId, type ServerMessageId } from './messages.js';

// Apart from the messages: the client's first page reads the catalogue, and must not load zod with it.

/** A message id inside an answer (a report's reasons, instructions), for the client to translate. */
export const serverMessageIdSchema = z.custom<ServerMessageId>(
  isServerMessageId,
  /*i18n*/ 'Unknown message id',
);
export const messageValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
