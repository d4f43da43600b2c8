import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { useAuth } from '@client/lib/use-auth';
import type { Contact } from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { Inbox, Mail, Plus, Upload } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ContactDetailsDialog } from './contact-details-dialog';
import { ContactFilterBar } from './contact-filters';
import { ContactFormDialog } from './contact-form-dialog';
import { parseContactIntent } from './contact-intent';
import { useDeleteContact } from './contacts-api';
import { ContactsPager, ContactsTable } from './contacts-table';
import { EmailIntegrationDialog, EmailProcessingDialog, ImportCsvDialog } from './optional-dialogs';
import { useContactList } from './use-contact-list';

type OpenDialog = 'process-email' | 'import-csv' | 'email-integration' | null;

/**
 * Spec 000 §2.6 Contact Management card: actions, search, source filter and the contacts table (10 rows a
 * page). `sourcePreset` is the name of the website selected in the dashboard sidebar, if any.
 */
export function ContactManagement({ sourcePreset = null }: { sourcePreset?: string | null } = {}) {
  const { user } = useAuth();
  const canWrite = user ? hasRole(user.role, 'member') : false;
  const list = useContactList(sourcePreset);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [formContact, setFormContact] = useState<Contact | null | undefined>(undefined);
  const [viewId, setViewId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  useOpenContactIntent(setViewId);

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
        <ContactActions canWrite={canWrite} onOpen={setDialog} onAdd={() => setFormContact(null)} />
      </CardHeader>
      <CardContent className="space-y-4">
        <ContactFilterBar state={list.state} onChange={list.change} />
        <ContactsTable
          list={list}
          canWrite={canWrite}
          onView={setViewId}
          onEdit={setFormContact}
          onDelete={setDeleting}
        />
        <ContactsPager list={list} />
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
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} onDone={list.afterRemoval} />
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

/**
 * `?open=contact-<id>` (the command palette) opens that contact's details, once: the intent leaves the URL so
 * a reload or Back does not open it again.
 */
function useOpenContactIntent(open: (id: number) => void) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const requested = parseContactIntent(new URLSearchParams(search).get('open'));
  useEffect(() => {
    if (requested === null) return;
    open(requested);
    const params = new URLSearchParams(search);
    params.delete('open');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [requested, search, location, navigate, open]);
}

/** The card's buttons: the three optional dialogs (disabled until their area registers them) and Add Contact. */
function ContactActions({
  canWrite,
  onOpen,
  onAdd,
}: {
  canWrite: boolean;
  onOpen: (dialog: OpenDialog) => void;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onOpen('process-email')}
        disabled={!canWrite || !EmailProcessingDialog}
      >
        <Inbox />
        <Trans>Process Email</Trans>
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onOpen('import-csv')}
        disabled={!canWrite || !ImportCsvDialog}
      >
        <Upload />
        <Trans>Import CSV</Trans>
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onOpen('email-integration')}
        disabled={!canWrite || !EmailIntegrationDialog}
      >
        <Mail />
        <Trans>Email Integration</Trans>
      </Button>
      <Button size="sm" onClick={onAdd} disabled={!canWrite}>
        <Plus />
        <Trans>Add Contact</Trans>
      </Button>
    </div>
  );
}

function DeleteContactDialog({
  contact,
  onClose,
  onDone,
}: {
  contact: Contact | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const remove = useDeleteContact();
  const { t } = useLingui();
  const deletingName = contact ? contactDisplayName(contact) : null;
  return (
    <ConfirmDeleteDialog
      open={contact !== null}
      onOpenChange={(open) => !open && onClose()}
      title={deletingName ? <Trans>Delete {deletingName}?</Trans> : <Trans>Delete contact?</Trans>}
      description={
        <Trans>
          The contact and its timeline are removed for everyone in this workspace. This cannot be undone.
        </Trans>
      }
      confirmLabel={<Trans>Delete</Trans>}
      onConfirm={() => (contact ? remove.mutateAsync(contact.id) : Promise.resolve())}
      errorTitle={t`Delete Failed`}
      onDone={() => {
        const name = deletingName;
        toast({ title: t`Contact Deleted`, description: t`${name} was removed from your CRM.` });
        onDone();
      }}
    />
  );
}
