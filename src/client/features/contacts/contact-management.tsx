import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { useWebsites } from '@client/features/websites';
import { formatNumber } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import { onErrorToast } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import {
  type Contact,
  type ContactSortKey,
  type ContactStatus,
  contactStatuses,
  contactsPageSize,
} from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { hasRole } from '@domain/roles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ChevronLeft,
  ChevronRight,
  Eye,
  Inbox,
  Loader2,
  Mail,
  Pencil,
  Plus,
  Search,
  Trash2,
  Upload,
  Users,
} from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { ContactDetailsDialog } from './contact-details-dialog';
import { ContactFormDialog } from './contact-form-dialog';
import { contactStatusNames, formatLastContact, formatValue, StatusBadge } from './contact-format';
import { type ContactFilters, useContactCount, useContactsPage, useDeleteContact } from './contacts-api';
import { EmailIntegrationDialog, EmailProcessingDialog, ImportCsvDialog } from './optional-dialogs';

const allValue = 'all';
const searchDebounceMs = 300;

const sortOptions: { value: ContactSortKey; label: MessageDescriptor }[] = [
  { value: 'createdAt', label: msg`Newest first` },
  { value: 'name', label: msg`Name A–Z` },
  { value: 'value', label: msg`Highest value` },
  { value: 'lastContactedAt', label: msg`Recently contacted` },
];

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type OpenDialog = 'process-email' | 'import-csv' | 'email-integration' | null;

/**
 * Spec 000 §2.6 Contact Management card: actions, search, source filter and the contacts table (10 rows a
 * page). `sourcePreset` is the name of the website selected in the dashboard sidebar, if any.
 */
export function ContactManagement({ sourcePreset = null }: { sourcePreset?: string | null } = {}) {
  const { user } = useAuth();
  const canWrite = user ? hasRole(user.role, 'member') : false;
  const { t, i18n } = useLingui();
  const { data: websites } = useWebsites();
  const [search, setSearch] = useState('');
  const [source, setSource] = useState(sourcePreset ?? allValue);
  // The website selected in the dashboard sidebar sets the source filter; it stays changeable here.
  useEffect(() => setSource(sourcePreset ?? allValue), [sourcePreset]);
  const [status, setStatus] = useState<ContactStatus | typeof allValue>(allValue);
  const [sort, setSort] = useState<ContactSortKey>('createdAt');
  const q = useDebounced(search, searchDebounceMs);
  const filters: ContactFilters = {
    q,
    source: source === allValue ? '' : source,
    status: status === allValue ? '' : status,
    sort,
  };
  // Keyset paging: the cursors of the pages visited so far; page i starts at cursors[i].
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const filterKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts again at page 1.
  useEffect(() => setCursors([null]), [filterKey]);
  const pageIndex = cursors.length - 1;
  const page = useContactsPage(filters, cursors[pageIndex]);
  const count = useContactCount(filters);

  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [formContact, setFormContact] = useState<Contact | null | undefined>(undefined);
  const [viewId, setViewId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const remove = useDeleteContact();

  const rows = page.data?.contacts ?? [];
  const firstRow = pageIndex * contactsPageSize + 1;
  const total = count.data ? `${formatNumber(count.data.count)}${count.data.isCapped ? '+' : ''}` : null;
  const lastRow = firstRow + rows.length - 1;
  const range = (() => {
    const from = formatNumber(firstRow);
    const to = formatNumber(lastRow);
    if (rows.length > 0) return total ? t`Showing ${from}–${to} of ${total}` : t`Showing ${from}–${to}`;
    return !total || count.data?.count === 0 ? '' : t`${total} contacts`;
  })();

  const pageError = page.isError ? errorMessage(page.error) : '';
  const deletingName = deleting ? contactDisplayName(deleting) : null;

  const confirmDelete = () => {
    if (!deleting) return;
    const name = contactDisplayName(deleting);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t`Contact Deleted`, description: t`${name} was removed from your CRM.` });
        setDeleting(null);
        // The page may now be empty: step back rather than show a blank page.
        if (rows.length === 1 && pageIndex > 0) setCursors((c) => c.slice(0, -1));
      },
      onError: onErrorToast(t`Delete Failed`),
    });
  };

  return (
    <Card>
      <CardHeader className="gap-4 2xl:flex-row 2xl:items-start 2xl:justify-between">
        <div className="space-y-1.5">
          <CardTitle>
            <Trans>Contact Management</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Every lead and customer from your websites, email and imports.</Trans>
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDialog('process-email')}
            disabled={!canWrite || !EmailProcessingDialog}
          >
            <Inbox />
            <Trans>Process Email</Trans>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDialog('import-csv')}
            disabled={!canWrite || !ImportCsvDialog}
          >
            <Upload />
            <Trans>Import CSV</Trans>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDialog('email-integration')}
            disabled={!canWrite || !EmailIntegrationDialog}
          >
            <Mail />
            <Trans>Email Integration</Trans>
          </Button>
          <Button size="sm" onClick={() => setFormContact(null)} disabled={!canWrite}>
            <Plus />
            <Trans>Add Contact</Trans>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <div className="relative min-w-[16rem] flex-[2_1_16rem]">
            <Search className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              aria-label={t`Search contacts`}
              placeholder={t`Search contacts...`}
              className="ps-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <Select value={source} onValueChange={setSource}>
            <SelectTrigger className="min-w-[10rem] flex-1" aria-label={t`Filter by source`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={allValue}>
                <Trans>All Sources</Trans>
              </SelectItem>
              {(websites ?? []).map((site) => (
                <SelectItem key={site.id} value={site.name}>
                  {site.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={status} onValueChange={(v) => setStatus(v as ContactStatus | typeof allValue)}>
            <SelectTrigger className="min-w-[10rem] flex-1" aria-label={t`Filter by status`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={allValue}>
                <Trans>All Statuses</Trans>
              </SelectItem>
              {contactStatuses.map((s) => (
                <SelectItem key={s} value={s}>
                  {i18n._(contactStatusNames[s])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={sort} onValueChange={(v) => setSort(v as ContactSortKey)}>
            <SelectTrigger className="min-w-[10rem] flex-1" aria-label={t`Sort contacts`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {sortOptions.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {i18n._(o.label)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div className="rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>
                  <Trans>Name</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Source</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Status</Trans>
                </TableHead>
                <TableHead className="text-end">
                  <Trans>Value</Trans>
                </TableHead>
                <TableHead>
                  <Trans>Last Contact</Trans>
                </TableHead>
                <TableHead className="text-end">
                  <Trans>Actions</Trans>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.isLoading ? (
                <TableRow>
                  <TableCell colSpan={6} className="h-32 text-center text-muted-foreground">
                    <Loader2 className="me-2 inline h-4 w-4 animate-spin" />
                    <Trans>Loading contacts...</Trans>
                  </TableCell>
                </TableRow>
              ) : page.isError ? (
                <TableRow>
                  <TableCell colSpan={6} className="h-32 text-center text-destructive">
                    <Trans>Contacts could not be loaded: {pageError}</Trans>
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="h-32 text-center">
                    <Users className="mx-auto mb-2 h-6 w-6 text-muted-foreground" />
                    <p className="font-medium">
                      <Trans>No contacts found</Trans>
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {q || source !== allValue || status !== allValue ? (
                        <Trans>Try another search or filter.</Trans>
                      ) : (
                        <Trans>Add a contact, import a CSV or connect your email to get started.</Trans>
                      )}
                    </p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((contact) => {
                  const name = contactDisplayName(contact);
                  return (
                    <TableRow key={contact.id} data-testid="contact-row">
                      <TableCell>
                        <button
                          type="button"
                          className="text-start hover:underline"
                          onClick={() => setViewId(contact.id)}
                        >
                          <span className="block max-w-[16rem] truncate font-medium">
                            {contactDisplayName(contact)}
                          </span>
                          {contact.email && contactDisplayName(contact) !== contact.email && (
                            <span
                              className="block max-w-[16rem] truncate text-xs text-muted-foreground"
                              title={contact.email}
                            >
                              {contact.email}
                            </span>
                          )}
                        </button>
                      </TableCell>
                      <TableCell className="text-sm">{contact.source}</TableCell>
                      <TableCell>
                        <StatusBadge status={contact.status} />
                      </TableCell>
                      <TableCell className="text-end tabular-nums">
                        {formatValue(contact.valueCents)}
                      </TableCell>
                      <TableCell className="text-sm text-muted-foreground">
                        {formatLastContact(contact.lastContactedAt)}
                      </TableCell>
                      <TableCell className="text-end">
                        <div className="flex justify-end gap-1">
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t`View ${name}`}
                            onClick={() => setViewId(contact.id)}
                          >
                            <Eye />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t`Edit ${name}`}
                            disabled={!canWrite}
                            onClick={() => setFormContact(contact)}
                          >
                            <Pencil />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t`Delete ${name}`}
                            disabled={!canWrite}
                            className="text-destructive hover:text-destructive"
                            onClick={() => setDeleting(contact)}
                          >
                            <Trash2 />
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </div>

        <div className="flex flex-col items-center justify-between gap-2 text-sm text-muted-foreground sm:flex-row">
          <span data-testid="contacts-range">{range}</span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={pageIndex === 0 || page.isFetching}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              <ChevronLeft className="rtl:rotate-180" />
              <Trans>Previous</Trans>
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!page.data?.nextCursor || page.isFetching}
              onClick={() => setCursors((c) => [...c, page.data?.nextCursor ?? null])}
            >
              <Trans>Next</Trans>
              <ChevronRight className="rtl:rotate-180" />
            </Button>
          </div>
        </div>
      </CardContent>

      <ContactFormDialog
        open={formContact !== undefined}
        onOpenChange={(open) => !open && setFormContact(undefined)}
        contact={formContact ?? null}
      />
      <ContactDetailsDialog
        contactId={viewId}
        onOpenChange={(open) => !open && setViewId(null)}
        canWrite={canWrite}
        onEdit={(contact) => {
          setViewId(null);
          setFormContact(contact);
        }}
      />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {deletingName ? <Trans>Delete {deletingName}?</Trans> : <Trans>Delete contact?</Trans>}
            </AlertDialogTitle>
            <AlertDialogDescription>
              <Trans>
                The contact and its timeline are removed for everyone in this workspace. This cannot be
                undone.
              </Trans>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>
              <Trans>Cancel</Trans>
            </AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={remove.isPending}
              onClick={(event) => {
                event.preventDefault();
                confirmDelete();
              }}
            >
              <Trans>Delete</Trans>
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <Suspense fallback={null}>
        {EmailProcessingDialog && (
          <EmailProcessingDialog
            open={dialog === 'process-email'}
            onOpenChange={(open) => setDialog(open ? 'process-email' : null)}
          />
        )}
        {ImportCsvDialog && (
          <ImportCsvDialog
            open={dialog === 'import-csv'}
            onOpenChange={(open) => setDialog(open ? 'import-csv' : null)}
          />
        )}
        {EmailIntegrationDialog && (
          <EmailIntegrationDialog
            open={dialog === 'email-integration'}
            onOpenChange={(open) => setDialog(open ? 'email-integration' : null)}
          />
        )}
      </Suspense>
    </Card>
  );
}
