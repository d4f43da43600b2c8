import { Dialog, DialogContent, DialogTitle } from '@client/components/ui/dialog';
import { contactIntent, useContactSearch } from '@client/features/contacts';
import { contentIntent, useContentSearch } from '@client/features/content';
import { useDealSearch } from '@client/features/deals';
import { taskHref, useTaskSearch } from '@client/features/tasks';
import { contactDisplayName } from '@domain/contacts/names';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Command } from 'cmdk';
import { FileText, Handshake, ListChecks, type LucideIcon, Search, User } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { dashboardHref, dashboardTabs } from './dashboard-tabs';
import { screenHref, screenLinks } from './screen-links';

/** Typing pauses this long before the contacts are searched on the server. */
const searchDebounceMs = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface Destination {
  key: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  href: (siteId: number | null) => string;
}

/** Every dashboard tab, then every signed-in screen beside the dashboard. */
const destinations: readonly Destination[] = [
  ...dashboardTabs.map((tab) => ({
    key: `tab:${tab.id}`,
    label: tab.label,
    icon: tab.icon,
    href: (siteId: number | null) => dashboardHref({ tab: tab.id, siteId }),
  })),
  ...screenLinks.map((link) => ({
    key: `screen:${link.path}`,
    label: link.label,
    icon: link.icon,
    href: (siteId: number | null) => screenHref(link, siteId),
  })),
];

/**
 * The command palette (Ctrl/Cmd-K, or the header's Search): jumps to a dashboard tab or screen by its name in
 * the user's language, or to a contact (its details), a deal (the CRM tab's board), a content item (its
 * editor) or an open task found by the typed text. The shell loads it on first use.
 */
export function CommandPalette({
  open,
  onOpenChange,
  siteId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sidebar's selected website, kept when the palette moves to a dashboard tab. */
  siteId: number | null;
}) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const query = useDebounced(text, searchDebounceMs);
  const needle = text.trim().toLocaleLowerCase(i18n.locale);
  const isSearching = open && query.trim().length > 0;
  const contacts = useContactSearch(query, { enabled: isSearching });
  const deals = useDealSearch(query, { enabled: isSearching });
  const content = useContentSearch(query, { enabled: isSearching });
  const tasks = useTaskSearch(query, { enabled: isSearching });

  // Each opening starts from an empty search.
  useEffect(() => {
    if (open) setText('');
  }, [open]);

  const go = (href: string) => {
    onOpenChange(false);
    navigate(href);
  };
  const screens = destinations.filter(
    (destination) => !needle || i18n._(destination.label).toLocaleLowerCase(i18n.locale).includes(needle),
  );
  // Found records only for the text as typed now, not a previous search's still on screen.
  const showFound = isSearching && text.trim().length > 0;
  const contactList = showFound ? (contacts.data ?? []) : [];
  const dealList = showFound ? (deals.data ?? []).slice(0, 8) : [];
  const contentList = showFound ? (content.data ?? []).slice(0, 8) : [];
  const taskList = showFound ? (tasks.data ?? []) : [];
  // The first item is the one Enter takes whenever the results change, whichever group answered first.
  const [selected, setSelected] = useState('');
  const firstKey =
    screens[0]?.key ??
    (contactList[0] && `contact:${contactList[0].id}`) ??
    (dealList[0] && `deal:${dealList[0].id}`) ??
    (contentList[0] && `content:${contentList[0].id}`) ??
    (taskList[0] && `task:${taskList[0].id}`) ??
    '';
  const resultsSignature = [
    ...screens.map((d) => d.key),
    ...contactList.map((c) => c.id),
    '|',
    ...dealList.map((d) => d.id),
    '|',
    ...contentList.map((c) => c.id),
    '|',
    ...taskList.map((task) => task.id),
  ].join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of results moves the selection to its top.
  useEffect(() => setSelected(firstKey), [resultsSignature]);
  const isLoading =
    text.trim() !== query.trim() ||
    (isSearching && (contacts.isFetching || deals.isFetching || content.isFetching || tasks.isFetching));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[15vh] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
        aria-describedby={undefined}
      >
        <DialogTitle className="sr-only">
          <Trans>Search</Trans>
        </DialogTitle>
        <Command
          shouldFilter={false}
          loop
          value={selected}
          onValueChange={setSelected}
          label={t`Search`}
          className="flex flex-col"
        >
          <div className="flex items-center gap-2 border-b px-4 pe-12">
            <Search className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <Command.Input
              value={text}
              onValueChange={setText}
              placeholder={t`Search screens, contacts, deals, content and tasks…`}
              className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            />
          </div>
          <Command.List className="max-h-[min(60vh,24rem)] overflow-y-auto p-2">
            {!isLoading && (
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">
                <Trans>No results</Trans>
              </Command.Empty>
            )}
            <PaletteGroup heading={<Trans>Screens</Trans>}>
              {screens.map((destination) => (
                <PaletteItem
                  key={destination.key}
                  value={destination.key}
                  icon={destination.icon}
                  onSelect={() => go(destination.href(siteId))}
                >
                  {i18n._(destination.label)}
                </PaletteItem>
              ))}
            </PaletteGroup>
            <PaletteGroup heading={<Trans>Contacts</Trans>}>
              {contactList.map((contact) => (
                <PaletteItem
                  key={contact.id}
                  value={`contact:${contact.id}`}
                  icon={User}
                  hint={contact.email ?? contact.company ?? undefined}
                  onSelect={() => go(dashboardHref({ tab: 'crm', siteId, open: contactIntent(contact.id) }))}
                >
                  {contactDisplayName(contact)}
                </PaletteItem>
              ))}
            </PaletteGroup>
            <PaletteGroup heading={<Trans>Deals</Trans>}>
              {dealList.map((deal) => (
                <PaletteItem
                  key={deal.id}
                  value={`deal:${deal.id}`}
                  icon={Handshake}
                  hint={deal.contactName}
                  onSelect={() => go(dashboardHref({ tab: 'crm', siteId }))}
                >
                  {deal.name}
                </PaletteItem>
              ))}
            </PaletteGroup>
            <PaletteGroup heading={<Trans>Content</Trans>}>
              {contentList.map((item) => (
                <PaletteItem
                  key={item.id}
                  value={`content:${item.id}`}
                  icon={FileText}
                  onSelect={() =>
                    // The content tab lists the sidebar website's items: another website's opens unfiltered.
                    go(
                      dashboardHref({
                        tab: 'content',
                        siteId: item.websiteId === null || item.websiteId === siteId ? siteId : null,
                        open: contentIntent(item.id),
                      }),
                    )
                  }
                >
                  {item.title}
                </PaletteItem>
              ))}
            </PaletteGroup>
            <PaletteGroup heading={<Trans>Tasks</Trans>}>
              {taskList.map((task) => (
                <PaletteItem
                  key={task.id}
                  value={`task:${task.id}`}
                  icon={ListChecks}
                  hint={task.ownerName ?? undefined}
                  onSelect={() => go(taskHref(task.id))}
                >
                  {task.title}
                </PaletteItem>
              ))}
            </PaletteGroup>
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

/** A heading and its items; an empty group is left out. */
function PaletteGroup({ heading, children }: { heading: ReactNode; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <Command.Group
      heading={heading}
      className="py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
    >
      {children}
    </Command.Group>
  );
}

function PaletteItem({
  value,
  icon: Icon,
  hint,
  onSelect,
  children,
}: {
  value: string;
  icon: LucideIcon;
  hint?: string;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
    >
      <Icon className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {hint && <span className="max-w-[40%] truncate text-xs text-muted-foreground">{hint}</span>}
    </Command.Item>
  );
}
