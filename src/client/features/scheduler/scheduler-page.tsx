import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api';
import { usePublicConfig } from '@client/lib/use-public-config';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertTriangle, CalendarClock, Clock, ExternalLink, Loader2, User, Video } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Spec 001 §9: the popup scheduler is 700 px high; the embedded widget uses the same height. */
const schedulerHeightPx = 700;
/** How long the widget may take to load before the page offers the booking link instead. */
const widgetLoadTimeoutMs = 15_000;

const meetingDetails = [
  { icon: Clock, label: msg`30 minutes` },
  { icon: Video, label: msg`Video call` },
  { icon: User, label: msg`1-on-1` },
];

/** /scheduler (spec 001 "Scheduling page"): the third-party booking widget, embedded and as a popup. */
export function SchedulerPage() {
  const { data: config, isLoading, error } = usePublicConfig();
  const { t } = useLingui();

  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <BackToHomeLink />
      </SiteHeader>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-medium text-primary">
              <Trans>Strategy call</Trans>
            </p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight">
              <Trans>Book your strategy call</Trans>
            </h1>
            <p className="mt-2 text-muted-foreground">
              <Trans>
                Pick a time that suits you. We look at your sites, your customers and your goals, and you
                leave with a plan for your first month.
              </Trans>
            </p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {meetingDetails.map(({ icon: Icon, label }) => (
                <li
                  key={label.id}
                  className="flex items-center gap-1.5 rounded-full border bg-card px-3 py-1 text-sm shadow-sm"
                >
                  <Icon className="h-4 w-4 text-primary" />
                  {t(label)}
                </li>
              ))}
            </ul>
          </div>
          {/* Drawn before the settings arrive (it is in the prerendered page), usable once they have. */}
          {!error && <PopupScheduler url={config?.schedulerUrl ?? null} />}
        </div>

        <section
          className="mt-8 overflow-hidden rounded-2xl border bg-card shadow-sm"
          aria-label={t`Scheduling widget`}
        >
          <header className="flex items-center justify-between gap-3 border-b px-5 py-3">
            <h2 className="flex items-center gap-2 font-semibold">
              <CalendarClock className="h-4 w-4 text-primary" />
              <Trans>Choose a time</Trans>
            </h2>
            {config && !config.isSchedulerConfigured && (
              <Badge variant="secondary">
                <Trans>Placeholder link</Trans>
              </Badge>
            )}
          </header>
          {isLoading && <Skeleton className="m-5 h-[400px]" />}
          {error && (
            <p className="p-5 text-sm text-destructive">
              <Trans>The booking widget could not be loaded: {errorMessage(error)}</Trans>
            </p>
          )}
          {config && <SchedulerWidget url={config.schedulerUrl} />}
        </section>
        {/* Below the widget: arriving with the settings, it moves nothing already on screen. */}
        {config && !config.isSchedulerConfigured && (
          <div
            role="status"
            className="mt-8 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" />
            <p>
              <Trans>
                <span className="font-semibold">Scheduling is not configured yet.</span> The widget shows the
                placeholder booking link <code className="break-all">{config.schedulerUrl}</code>. Set{' '}
                <code>SCHEDULER_URL</code> to your own booking page to take real bookings.
              </Trans>
            </p>
          </div>
        )}
      </main>
    </div>
  );
}

/**
 * The embedded widget with the states a third-party frame needs: loading until the frame reports it has
 * loaded, then the widget; if it has not loaded after a while (offline, blocked, slow), a fallback with
 * the booking link. A frame of another site hides its own errors, so the link is offered below it too.
 */
function SchedulerWidget({ url }: { url: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const { t } = useLingui();
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), widgetLoadTimeoutMs);
    return () => clearTimeout(timer);
  }, [state]);
  const bookingLink = (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
    >
      <Trans>Open the booking page in a new tab</Trans>
      <ExternalLink className="h-3.5 w-3.5" />
    </a>
  );
  return (
    <div>
      <div className="relative" style={{ height: schedulerHeightPx }}>
        {state !== 'failed' && (
          <iframe
            title={t`Scheduling widget`}
            src={url}
            className="h-full w-full border-0"
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
          />
        )}
        {state === 'loading' && (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-card text-sm text-muted-foreground"
          >
            <Loader2 className="h-6 w-6 animate-spin text-primary" />
            <Trans>Loading the booking calendar...</Trans>
          </div>
        )}
        {state === 'failed' && (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center"
          >
            <AlertTriangle className="h-7 w-7 text-amber-500" />
            <p className="font-medium">
              <Trans>The booking calendar could not be loaded here.</Trans>
            </p>
            <p className="max-w-sm text-sm text-muted-foreground">
              <Trans>
                It may be blocked by your browser or network. You can still book on the scheduling page
                itself.
              </Trans>
            </p>
            {bookingLink}
          </div>
        )}
      </div>
      {state !== 'failed' && (
        <p className="flex flex-wrap items-center justify-center gap-x-1.5 border-t px-5 py-3 text-sm text-muted-foreground">
          <Trans>Calendar not showing?</Trans> {bookingLink}
        </p>
      )}
    </div>
  );
}

function PopupScheduler({ url }: { url: string | null }) {
  const { t } = useLingui();
  if (!url) {
    return (
      <Button size="lg" className="shrink-0" disabled>
        <CalendarClock />
        <Trans>Open Scheduler</Trans>
      </Button>
    );
  }
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="lg" className="shrink-0">
          <CalendarClock />
          <Trans>Open Scheduler</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl p-0">
        <DialogHeader className="px-6 pt-6">
          <DialogTitle>
            <Trans>Schedule your strategy call</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>30 minutes · Video call · 1-on-1</Trans>
          </DialogDescription>
        </DialogHeader>
        <iframe
          title={t`Scheduling popup`}
          src={url}
          className="w-full border-0"
          style={{ height: schedulerHeightPx }}
        />
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center justify-center gap-1.5 border-t px-6 py-3 text-sm text-primary hover:underline"
        >
          <Trans>Open the booking page in a new tab</Trans>
          <ExternalLink className="h-3.5 w-3.5" />
        </a>
      </DialogContent>
    </Dialog>
  );
}
