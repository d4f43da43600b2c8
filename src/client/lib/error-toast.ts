import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from './api';

/** The one way a failed request is told in a toast: the caller's title, the server's message in the user's language. */
export function toastError(title: string, error: unknown): void {
  toast({ title, description: errorMessage(error), variant: 'destructive' });
}

/** `toastError` as a mutation's `onError`. */
export function onErrorToast(title: string): (error: unknown) => void {
  return (error) => toastError(title, error);
}
