import type { DashboardPanelProps } from '@client/components/dashboard-panel-props';
import { SelectedSiteNote } from '@client/components/selected-site-note';
import { Skeleton } from '@client/components/ui/skeleton';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type ContentItem, useContentItems } from './content-api';
import { ContentCalendar } from './content-calendar';
import { ContentEditorDialog } from './content-editor-dialog';
import { ContentGeneratorForm } from './content-generator-form';
import { generateContentIntent, parseContentIntent } from './content-labels';
import { ScheduleDialog } from './schedule-dialog';

/**
 * The dashboard's Content & SEO tab (spec 000 §2.5): the generator, the calendar and, from the seo area,
 * the SEO Performance card the composition layer hands in.
 */
export function ContentPanel({
  selectedWebsiteId,
  selectedWebsiteName,
  seoCard,
}: DashboardPanelProps & { seoCard: ReactNode }) {
  const { user } = useAuth();
  const canWrite = user ? hasRole(user.role, 'member') : false;
  const content = useContentItems(selectedWebsiteId);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const intent = new URLSearchParams(search).get('open');
  const focusRequested = intent === generateContentIntent;
  const itemRequested = parseContentIntent(intent);
  const [focusTopic] = useState(focusRequested);
  const [openId, setOpenId] = useState<number | null>(null);
  const [isScheduling, setIsScheduling] = useState(false);

  // An intent is used once: a reload or Back does not focus the form or open the item again.
  useEffect(() => {
    if (!focusRequested && itemRequested === null) return;
    if (itemRequested !== null) setOpenId(itemRequested);
    const params = new URLSearchParams(search);
    params.delete('open');
    navigate(`${location}?${params}`, { replace: true });
  }, [focusRequested, itemRequested, search, location, navigate]);

  // The editor shows the item as the list has it now, so a save or publish shows at once.
  const openItem: ContentItem | null = content.data?.find((item) => item.id === openId) ?? null;
  return (
    <div className="space-y-6" data-panel="content">
      <div className="space-y-1">
        <h2 className="text-2xl font-bold tracking-tight">
          <Trans>Content & SEO</Trans>
        </h2>
        <SelectedSiteNote siteName={selectedWebsiteName} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ContentGeneratorForm canWrite={canWrite} focusTopic={focusTopic} websiteId={selectedWebsiteId} />
        <ContentCalendar
          content={content}
          canWrite={canWrite}
          onOpen={(item) => setOpenId(item.id)}
          onScheduleNew={() => setIsScheduling(true)}
        />
        <Suspense fallback={<Skeleton className="h-64" />}>{seoCard}</Suspense>
      </div>
      <ContentEditorDialog item={openItem} canWrite={canWrite} onClose={() => setOpenId(null)} />
      <ScheduleDialog
        open={isScheduling}
        onOpenChange={setIsScheduling}
        drafts={(content.data ?? []).filter((item) => item.status === 'draft')}
      />
    </div>
  );
}
