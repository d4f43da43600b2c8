import { type ToastOptions, toast } from '@client/components/ui/use-toast';
import { errorMessage } from './api';

/**
 * The toast of a failed request: the caller's title, the server's message in the user's language, or
 * `fallback` when the failure carries no message (spec 000 §9 names some of those). With no `error`
 * (a refusal found on the client, not a failed request) the toast tells the title and `fallback` alone.
 */
export function errorToast(title: string, error?: unknown, fallback?: string): ToastOptions {
  if (error === undefined || error === null) return { title, description: fallback, variant: 'destructive' };
  const hasMessage = error instanceof Error && error.message !== '';
  const description = !hasMessage && fallback ? fallback : errorMessage(error) || fallback;
  return { title, description, variant: 'destructive' };
}

/** The one way a failure is told in a toast (every destructive toast goes through here). */
export function toastError(title: string, error?: unknown, fallback?: string): void {
  toast(errorToast(title, error, fallback));
}

/** `toastError` as a mutation's `onError`. */
export function onErrorToast(title: string, fallback?: string): (error: unknown) => void {
  return (error) => toastError(title, error, fallback);
}
