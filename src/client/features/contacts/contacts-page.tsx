import { SiteHeader } from '@client/components/site-header';
import { DealBoard } from '@client/features/deals';
import { ExportMenu } from '@client/features/reports';
import { Trans } from '@lingui/react/macro';
import { CopyCheck, Filter, LayoutDashboard } from 'lucide-react';
import { Link } from 'wouter';
import { ContactManagement } from './contact-management';

/** /contacts: the CRM's contact management on a page of its own (the landing page's "Manage Contacts"). */
export function ContactsPage() {
  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <Link
          href="/dashboard"
          className="flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <LayoutDashboard className="h-4 w-4" />
          <Trans>Dashboard</Trans>
        </Link>
      </SiteHeader>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">
              <Trans>Contacts</Trans>
            </h1>
            <p className="text-sm text-muted-foreground">
              <Trans>Search, filter and manage every contact in your workspace.</Trans>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <Link
              href="/contacts/duplicates"
              className="flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <CopyCheck className="h-4 w-4" aria-hidden="true" />
              <Trans>Find duplicates</Trans>
            </Link>
            <Link
              href="/segments"
              className="flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
              data-testid="link-segments"
            >
              <Filter className="h-4 w-4" aria-hidden="true" />
              <Trans>Segments</Trans>
            </Link>
            <ExportMenu list="contacts" />
          </div>
        </div>
        <ContactManagement />
        <DealBoard />
      </main>
    </div>
  );
}
