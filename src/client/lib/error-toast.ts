import { type ToastOptions, toast } from '@client/components/ui/use-toast';
import { errorMessage } from './api';

/**
 * The toast of a failed request: the caller's title, the server's message in the user's language, or
 * `fallback` when the failure carries no message (spec 000 §9 names some of those).
 */
export function errorToast(title: string, error: unknown, fallback?: string): ToastOptions {
  const hasMessage = error instanceof Error && error.message !== '';
  const description = !hasMessage && fallback ? fallback : errorMessage(error) || fallback;
  return { title, description, variant: 'destructive' };
}

/** The one way a failed request is told in a toast. */
export function toastError(title: string, error: unknown, fallback?: string): void {
  toast(errorToast(title, error, fallback));
}

/** `toastError` as a mutation's `onError`. */
export function onErrorToast(title: string, fallback?: string): (error: unknown) => void {
  return (error) => toastError(title, error, fallback);
}
