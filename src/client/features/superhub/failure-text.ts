import { ApiError } from '@client/lib/api';

/** Why the server refused an integration, in the reader's language; null for any other failure. */
export const failureText = (error: unknown) => (error instanceof ApiError ? error.translatedMessage() : null);
