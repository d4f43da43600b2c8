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
import { AlertTriangle, CalendarClock, Clock, ExternalLink, User, Video } from 'lucide-react';

/** Spec 001 §9: the popup scheduler is 700 px high; the embedded widget uses the same height. */
const schedulerHeightPx = 700;

const meetingDetails = [
  { icon: Clock, label: '30 minutes' },
  { icon: Video, label: 'Video call' },
  { icon: User, label: '1-on-1' },
];

/** /scheduler (spec 001 "Scheduling page"): the third-party booking widget, embedded and as a popup. */
export function SchedulerPage() {
  const { data: config, isLoading, error } = usePublicConfig();

  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <BackToHomeLink />
      </SiteHeader>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-medium text-primary">Strategy call</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight">Book your strategy call</h1>
            <p className="mt-2 text-muted-foreground">
              Pick a time that suits you. We look at your sites, your customers and your goals, and you leave
              with a plan for your first month.
            </p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {meetingDetails.map(({ icon: Icon, label }) => (
                <li
                  key={label}
                  className="flex items-center gap-1.5 rounded-full border bg-card px-3 py-1 text-sm shadow-sm"
                >
                  <Icon className="h-4 w-4 text-primary" />
                  {label}
                </li>
              ))}
            </ul>
          </div>
          {config && <PopupScheduler url={config.schedulerUrl} />}
        </div>

        {config && !config.isSchedulerConfigured && (
          <div
            role="status"
            className="mt-8 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" />
            <p>
              <span className="font-semibold">Scheduling is not configured yet.</span> The widget shows the
              placeholder booking link <code className="break-all">{config.schedulerUrl}</code>. Set{' '}
              <code>SCHEDULER_URL</code> to your own booking page to take real bookings.
            </p>
          </div>
        )}

        <section
          className="mt-8 overflow-hidden rounded-2xl border bg-card shadow-sm"
          aria-label="Scheduling widget"
        >
          <header className="flex items-center justify-between gap-3 border-b px-5 py-3">
            <h2 className="flex items-center gap-2 font-semibold">
              <CalendarClock className="h-4 w-4 text-primary" />
              Choose a time
            </h2>
            {config && !config.isSchedulerConfigured && <Badge variant="secondary">Placeholder link</Badge>}
          </header>
          {isLoading && <Skeleton className="m-5 h-[400px]" />}
          {error && (
            <p className="p-5 text-sm text-destructive">
              The booking widget could not be loaded: {errorMessage(error)}
            </p>
          )}
          {config && (
            <iframe
              title="Scheduling widget"
              src={config.schedulerUrl}
              className="w-full border-0"
              style={{ height: schedulerHeightPx }}
            />
          )}
        </section>
      </main>
    </div>
  );
}

function PopupScheduler({ url }: { url: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="lg" className="shrink-0">
          <CalendarClock />
          Open Scheduler
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl p-0">
        <DialogHeader className="px-6 pt-6">
          <DialogTitle>Schedule your strategy call</DialogTitle>
          <DialogDescription>30 minutes · Video call · 1-on-1</DialogDescription>
        </DialogHeader>
        <iframe
          title="Scheduling popup"
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
          Open the booking page in a new tab
          <ExternalLink className="h-3.5 w-3.5" />
        </a>
      </DialogContent>
    </Dialog>
  );
}
