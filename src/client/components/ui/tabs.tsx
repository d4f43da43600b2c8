import { cn } from '@client/lib/utils';
import { textDirection } from '@domain/locales';
import { useLingui } from '@lingui/react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import type * as React from 'react';

/**
 * Radix writes `dir="ltr"` on the tabs unless told otherwise, which would turn everything inside them
 * left to right in Arabic: the tabs follow the active language's direction instead.
 */
export function Tabs(props: React.ComponentProps<typeof TabsPrimitive.Root>) {
  const { i18n } = useLingui();
  return <TabsPrimitive.Root dir={textDirection(i18n.locale)} {...props} />;
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'inline-flex h-9 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        'mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}
