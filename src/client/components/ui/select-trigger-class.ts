/**
 * A select's closed look, apart from Radix's Select: the language menu draws it before Select has loaded
 * (`src/client/i18n/locale-switcher.tsx`), so the first page does without Radix's Select.
 */
export const selectTriggerClassName =
  'flex h-9 w-full items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input bg-card px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground [&>span]:line-clamp-1';
