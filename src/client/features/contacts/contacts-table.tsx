import { Button } from '@client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { errorMessage } from '@client/lib/api';
import { cn } from '@client/lib/utils';
import type { Contact } from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, Eye, Loader2, Pencil, Trash2, Users } from 'lucide-react';
import { contactSourceName, formatLastContact, formatValue, StatusBadge } from './contact-format';
import type { useContactList } from './use-contact-list';

type ContactList = ReturnType<typeof useContactList>;

/** The contacts table (10 rows a page) with its loading, error and empty states. */
export function ContactsTable({
  list,
  canWrite,
  onView,
  onEdit,
  onDelete,
}: {
  list: ContactList;
  canWrite: boolean;
  onView: (id: number) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}) {
  const { page, rows, isFiltered } = list;
  const pageError = page.isError ? errorMessage(page.error) : '';
  const actions = { canWrite, onView, onEdit, onDelete };
  const showCards = !page.isLoading && !page.isError && rows.length > 0;
  return (
    <>
      {/* Below `md` each contact is a card (spec: status, value and actions stay visible at 390 px); the
          table is display:none there and the cards are display:none from `md` up, so nothing is read twice. */}
      {/* Loading, failure and empty states are the table's own rows, shown at every width, so each is on
          the page once. */}
      {showCards && <ContactCards list={list} {...actions} />}
      <div className={cn('rounded-md border', showCards && 'hidden md:block')} data-testid="contacts-table">
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
                    {isFiltered ? (
                      <Trans>Try another search or filter.</Trans>
                    ) : (
                      <Trans>Add a contact, import a CSV or connect your email to get started.</Trans>
                    )}
                  </p>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((contact) => {
                return (
                  <TableRow key={contact.id} data-testid="contact-row">
                    <TableCell>
                      <button
                        type="button"
                        className="text-start hover:underline"
                        onClick={() => onView(contact.id)}
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
                    <TableCell className="text-sm">{contactSourceName(contact.source)}</TableCell>
                    <TableCell>
                      <StatusBadge status={contact.status} />
                    </TableCell>
                    <TableCell className="text-end tabular-nums">{formatValue(contact.valueCents)}</TableCell>
                    <TableCell className="text-sm text-muted-foreground">
                      {formatLastContact(contact.lastContactedAt)}
                    </TableCell>
                    <TableCell className="text-end">
                      <ContactActions
                        contact={contact}
                        canWrite={canWrite}
                        onView={onView}
                        onEdit={onEdit}
                        onDelete={onDelete}
                      />
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

type ContactActionProps = {
  canWrite: boolean;
  onView: (id: number) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
};

/** View, Edit and Delete for one contact, in its table row or on its card. */
function ContactActions({
  contact,
  canWrite,
  onView,
  onEdit,
  onDelete,
}: ContactActionProps & { contact: Contact }) {
  const { t } = useLingui();
  const name = contactDisplayName(contact);
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={t`View ${name}`} onClick={() => onView(contact.id)}>
        <Eye />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t`Edit ${name}`}
        disabled={!canWrite}
        onClick={() => onEdit(contact)}
      >
        <Pencil />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t`Delete ${name}`}
        disabled={!canWrite}
        className="text-destructive hover:text-destructive"
        onClick={() => onDelete(contact)}
      >
        <Trash2 />
      </Button>
    </div>
  );
}

/** Narrow screens: one card per contact with its name, status, value, last contact, source and actions. */
function ContactCards({ list, ...actions }: ContactActionProps & { list: ContactList }) {
  const { rows } = list;
  return (
    <ul className="space-y-2 md:hidden" data-testid="contact-cards">
      {rows.map((contact) => (
        <li key={contact.id} className="rounded-md border p-3" data-testid="contact-card">
          <div className="flex items-start justify-between gap-2">
            <button
              type="button"
              className="min-w-0 text-start hover:underline"
              onClick={() => actions.onView(contact.id)}
            >
              <span className="block truncate font-medium">{contactDisplayName(contact)}</span>
              {contact.email && contactDisplayName(contact) !== contact.email && (
                <span className="block truncate text-xs text-muted-foreground" title={contact.email}>
                  {contact.email}
                </span>
              )}
            </button>
            <StatusBadge status={contact.status} />
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">
                <Trans>Value</Trans>
              </dt>
              <dd className="tabular-nums" data-testid="contact-card-value">
                {formatValue(contact.valueCents)}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">
                <Trans>Last Contact</Trans>
              </dt>
              <dd className="text-muted-foreground">{formatLastContact(contact.lastContactedAt)}</dd>
            </div>
            <div className="col-span-2 min-w-0">
              <dt className="text-xs text-muted-foreground">
                <Trans>Source</Trans>
              </dt>
              <dd className="truncate">{contactSourceName(contact.source)}</dd>
            </div>
          </dl>
          <div className="mt-2 border-t pt-2">
            <ContactActions contact={contact} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Showing 1–10 of 42" and the Previous / Next buttons. */
export function ContactsPager({ list }: { list: ContactList }) {
  const { page, range, pageIndex } = list;
  return (
    <div className="flex flex-col items-center justify-between gap-2 text-sm text-muted-foreground sm:flex-row">
      <span data-testid="contacts-range">{range}</span>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={pageIndex === 0 || page.isFetching}
          onClick={list.previous}
        >
          <ChevronLeft className="rtl:rotate-180" />
          <Trans>Previous</Trans>
        </Button>
        <Button variant="outline" size="sm" disabled={!list.hasNext || page.isFetching} onClick={list.next}>
          <Trans>Next</Trans>
          <ChevronRight className="rtl:rotate-180" />
        </Button>
      </div>
    </div>
  );
}
