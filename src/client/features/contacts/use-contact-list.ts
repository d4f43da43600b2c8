import { formatNumber } from '@client/i18n/format';
import { type ContactSortKey, type ContactStatus, contactsPageSize } from '@domain/contacts/contact-schemas';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { type ContactFilters, useContactCount, useContactsPage } from './contacts-api';

/** The filter menus' "everything" value. */
export const allValue = 'all';
const searchDebounceMs = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface ContactFilterState {
  search: string;
  source: string;
  status: ContactStatus | typeof allValue;
  sort: ContactSortKey;
}

/**
 * The contact list's filters, keyset paging and "Showing 1–10 of 42" line. `sourcePreset` is the website
 * selected in the dashboard sidebar; it sets the source filter, which stays changeable.
 */
export function useContactList(sourcePreset: string | null) {
  const { t } = useLingui();
  const [state, setState] = useState<ContactFilterState>({
    search: '',
    source: sourcePreset ?? allValue,
    status: allValue,
    sort: 'createdAt',
  });
  const change = (next: Partial<ContactFilterState>) => setState((s) => ({ ...s, ...next }));
  useEffect(() => setState((s) => ({ ...s, source: sourcePreset ?? allValue })), [sourcePreset]);
  const q = useDebounced(state.search, searchDebounceMs);
  const filters: ContactFilters = {
    q,
    source: state.source === allValue ? '' : state.source,
    status: state.status === allValue ? '' : state.status,
    sort: state.sort,
  };
  // Keyset paging: the cursors of the pages visited so far; page i starts at cursors[i].
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const filterKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts again at page 1.
  useEffect(() => setCursors([null]), [filterKey]);
  const pageIndex = cursors.length - 1;
  const page = useContactsPage(filters, cursors[pageIndex]);
  const count = useContactCount(filters);

  const rows = page.data?.contacts ?? [];
  const firstRow = pageIndex * contactsPageSize + 1;
  const total = count.data ? `${formatNumber(count.data.count)}${count.data.isCapped ? '+' : ''}` : null;
  const range = (() => {
    const from = formatNumber(firstRow);
    const to = formatNumber(firstRow + rows.length - 1);
    if (rows.length > 0) return total ? t`Showing ${from}–${to} of ${total}` : t`Showing ${from}–${to}`;
    if (!count.data || count.data.count === 0) return '';
    const found = count.data.count;
    return count.data.isCapped
      ? t`${plural(found, { one: '#+ contact', other: '#+ contacts' })}`
      : t`${plural(found, { one: '# contact', other: '# contacts' })}`;
  })();

  return {
    state,
    change,
    isFiltered: Boolean(q) || state.source !== allValue || state.status !== allValue,
    page,
    rows,
    range,
    pageIndex,
    hasNext: Boolean(page.data?.nextCursor),
    next: () => setCursors((c) => [...c, page.data?.nextCursor ?? null]),
    previous: () => setCursors((c) => c.slice(0, -1)),
    /** After a delete: the page may now be empty, so step back rather than show a blank page. */
    afterRemoval: () => {
      if (rows.length === 1 && pageIndex > 0) setCursors((c) => c.slice(0, -1));
    },
  };
}
