import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the build prerenders a page and while the browser hydrates it, true otherwise (React renders
 * again at once after hydrating). What only the browser knows (the address's query) is read once this is
 * true, so the first render matches the prerendered markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
