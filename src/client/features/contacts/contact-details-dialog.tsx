import { ActivityFeed, type ActivityFeedItem } from '@client/components/activity-feed';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { useContactPageViews } from '@client/features/analytics';
import { ContactDeals } from '@client/features/deals';
import { RelatedTasks } from '@client/features/tasks';
import { fieldMessage } from '@client/i18n/field-message';
import { timelineText } from '@client/i18n/stored-message';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import type { ContactPageView } from '@domain/analytics/analytics-schemas';
import {
  type Contact,
  type ContactDetail,
  contactNoteSchema,
  type TimelineEntry,
  type TimelineKind,
} from '@domain/contacts/contact-schemas';
import { contactDisplayName } from '@domain/contacts/names';
import { formatPhone } from '@domain/contacts/phone';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ArrowRightLeft,
  ClipboardList,
  Download,
  Eye,
  Loader2,
  type LucideIcon,
  Mail,
  MessageSquare,
  Pencil,
  Phone,
  StickyNote,
  UserPlus,
} from 'lucide-react';
import { Suspense, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { companyHref } from './company-href';
import { contactTypeNames, formatLastContact, formatValue, StatusBadge } from './contact-format';
import { useAddNote, useContactDetail } from './contacts-api';

const timelineIcons: Record<TimelineKind, LucideIcon> = {
  note: StickyNote,
  email: Mail,
  call: Phone,
  message: MessageSquare,
  status_change: ArrowRightLeft,
  import: Download,
  created: UserPlus,
  updated: Pencil,
  form: ClipboardList,
};

export interface ContactDetailsDialogProps {
  contactId: number | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (contact: Contact) => void;
  canWrite: boolean;
}

/** A contact's details and timeline, with a note box for members. */
export function ContactDetailsDialog({
  contactId,
  onOpenChange,
  onEdit,
  canWrite,
}: ContactDetailsDialogProps) {
  const detail = useContactDetail(contactId);
  const contact = detail.data?.contact;
  return (
    <Dialog open={contactId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{contact ? contactDisplayName(contact) : <Trans>Contact</Trans>}</DialogTitle>
          <DialogDescription>
            {contact ? (
              [contact.company, contact.source].filter(Boolean).join(' · ')
            ) : (
              <Trans>Loading details...</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <QueryState
          query={detail}
          loading={
            <div className="space-y-3">
              <Skeleton className="h-24" />
              <Skeleton className="h-40" />
            </div>
          }
          errorTitle={<Trans>This contact could not be loaded. It may have been deleted.</Trans>}
        >
          {(loaded) => (
            <ContactDetails
              detail={loaded}
              onEdit={onEdit}
              onLeave={() => onOpenChange(false)}
              canWrite={canWrite}
            />
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function ContactDetails({
  detail,
  onEdit,
  onLeave,
  canWrite,
}: {
  detail: ContactDetail;
  onEdit: (contact: Contact) => void;
  /** Following a link to another screen closes the dialog (it may be open over any screen). */
  onLeave: () => void;
  canWrite: boolean;
}) {
  const { contact } = detail;
  const { t, i18n } = useLingui();
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Detail label={t`Status`}>
          <StatusBadge status={contact.status} />
        </Detail>
        <Detail label={t`Value`}>{formatValue(contact.valueCents)}</Detail>
        <Detail label={t`Email`}>
          {contact.email ? (
            <a className="text-primary hover:underline" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          ) : (
            '—'
          )}
        </Detail>
        <Detail label={t`Phone`}>
          {contact.phone ? (
            <a className="text-primary hover:underline" href={`tel:${contact.phone}`}>
              {formatPhone(contact.phone)}
            </a>
          ) : (
            '—'
          )}
        </Detail>
        <Detail label={t`Company`}>
          {detail.company ? (
            <Link
              className="text-primary hover:underline"
              href={companyHref(detail.company.id)}
              onClick={onLeave}
            >
              {detail.company.name}
            </Link>
          ) : (
            (contact.company ?? '—')
          )}
        </Detail>
        <Detail label={t`Last Contact`}>{formatLastContact(contact.lastContactedAt)}</Detail>
        <Detail label={t`Address`}>
          {[contact.address, contact.city, [contact.state, contact.zip].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(', ') || '—'}
        </Detail>
        <Detail label={t`Contact type`}>
          {contact.contactType ? i18n._(contactTypeNames[contact.contactType]) : '—'}
        </Detail>
        {contact.tags.length > 0 && (
          <Detail label={t`Tags`}>
            <span className="flex flex-wrap gap-1">
              {contact.tags.map((tag) => (
                <Badge key={tag} variant="outline">
                  {tag}
                </Badge>
              ))}
            </span>
          </Detail>
        )}
        {Object.entries(contact.properties).map(([name, value]) => (
          <Detail key={name} label={name}>
            {value}
          </Detail>
        ))}
        {contact.notes && (
          <Detail label={t`Notes`} className="sm:col-span-2">
            <span className="whitespace-pre-wrap">{contact.notes}</span>
          </Detail>
        )}
      </dl>
      {canWrite && (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" onClick={() => onEdit(contact)}>
            <Pencil />
            <Trans>Edit</Trans>
          </Button>
        </div>
      )}
      <ContactDeals contactId={contact.id} canWrite={canWrite} />
      <Suspense fallback={<Skeleton className="h-12" />}>
        <RelatedTasks about={{ contactId: contact.id, name: contactDisplayName(contact) }} />
      </Suspense>
      <section>
        <h3 className="mb-3 text-sm font-semibold">
          <Trans>Timeline</Trans>
        </h3>
        {canWrite && <NoteForm contactId={contact.id} />}
        <Timeline contactId={contact.id} entries={detail.timeline} />
      </section>
    </div>
  );
}

function Detail({
  label,
  children,
  className,
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

function NoteForm({ contactId }: { contactId: number }) {
  const addNote = useAddNote(contactId);
  const { t } = useLingui();
  const emptyNote = t`Write a note first`;
  // The server's note rule, its most common message in the reader's language.
  const schema = useMemo(
    () =>
      z.object({
        body: z
          .string()
          .refine((body) => body.trim() !== '', emptyNote)
          .pipe(contactNoteSchema.shape.body),
      }),
    [emptyNote],
  );
  const form = useForm<{ body: string }>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: { body: '' },
  });
  const error = form.formState.errors.body?.message;
  const submit = form.handleSubmit(({ body }) =>
    addNote.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (failure) => {
        if (!applyServerErrors(failure, form)) toastError(t`Note not saved`, failure);
      },
    }),
  );
  return (
    <form onSubmit={submit} className="mb-4 grid gap-2" noValidate>
      <Textarea
        aria-label={t`New note`}
        placeholder={t`Add a note about a call, a meeting, a next step...`}
        rows={2}
        aria-invalid={Boolean(error)}
        {...form.register('body')}
      />
      {error && <p className="text-xs text-destructive">{fieldMessage(error)}</p>}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={addNote.isPending}>
          {addNote.isPending && <Loader2 className="animate-spin" />}
          <Trans>Add Note</Trans>
        </Button>
      </div>
    </form>
  );
}

function PageViewText({ view }: { view: ContactPageView }) {
  const { path, website } = view;
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-page-view={path}>
      <Trans>
        Viewed {path} on {website}
      </Trans>
      {view.beforeIdentification && (
        <Badge variant="outline">
          <Trans>Before identification</Trans>
        </Badge>
      )}
    </span>
  );
}

/**
 * The contact's timeline: its entries and its page views on the workspace's websites (the analytics
 * area keeps those), newest first. A view made that day before the visitor identified themselves (a
 * form, a campaign link) carries a label saying so.
 */
function Timeline({ contactId, entries }: { contactId: number; entries: TimelineEntry[] }) {
  const views = useContactPageViews(contactId).data?.pageViews ?? [];
  const items: ActivityFeedItem[] = [
    ...entries.map((entry) => ({
      id: entry.id,
      icon: timelineIcons[entry.kind],
      text: timelineText(entry),
      detail: entry.body && entry.body !== entry.title ? entry.body : undefined,
      at: entry.occurredAt,
    })),
    ...views.map((view, index) => ({
      id: `view-${index}`,
      icon: Eye,
      text: <PageViewText view={view} />,
      at: view.occurredAt,
    })),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  if (items.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Nothing has happened with this contact yet.</Trans>
      </p>
    );
  return <ActivityFeed variant="timeline" data-testid="contact-timeline" items={items} />;
}
