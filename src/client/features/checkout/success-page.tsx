import { SiteHeader } from '@client/components/site-header';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { useHydrated } from '@client/lib/use-hydrated';
import { Trans } from '@lingui/react/macro';
import { CheckCircle2 } from 'lucide-react';
import { Link, useSearch } from 'wouter';

/** Spec 001: the last 8 characters of the session id identify the order to the customer. */
export function sessionReference(sessionId: string | null): string | null {
  return sessionId ? sessionId.slice(-8) : null;
}

/** /success: where the provider sends the buyer back. Fulfilment happens on the provider's event, not here. */
export function SuccessPage() {
  const search = useSearch();
  // Prerendered without a query: the session is told once the browser has read its address.
  const isAddressRead = useHydrated();
  const reference = sessionReference(new URLSearchParams(search).get('session_id'));
  return (
    <div className="min-h-screen bg-background">
      <SiteHeader />
      <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 sm:py-24">
        <Card className="w-full text-center">
          <CardContent className="flex flex-col items-center gap-4 p-8 sm:p-10">
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-success/15">
              <CheckCircle2 className="h-8 w-8 text-success" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">
              <Trans>Payment Successful!</Trans>
            </h1>
            <p className="text-muted-foreground">
              <Trans>
                Thank you for your purchase. A receipt is on its way to your email, and your subscription is
                being activated.
              </Trans>
            </p>
            {!isAddressRead ? null : reference ? (
              <p className="rounded-lg bg-muted px-4 py-2 text-sm">
                <Trans>
                  Session ID:{' '}
                  <span className="font-mono font-semibold" data-testid="session-reference">
                    {reference}
                  </span>
                </Trans>
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Trans>No checkout session was given.</Trans>
              </p>
            )}
            <div className="mt-2 flex w-full flex-col gap-3 sm:flex-row">
              <Button asChild variant="outline" className="flex-1">
                <Link href="/">
                  <Trans>Back to Home</Trans>
                </Link>
              </Button>
              <Button asChild className="flex-1">
                {/* Spec 001: the buyer's hub is Central Monitoring. */}
                <Link href="/superhub">
                  <Trans>Access Dashboard</Trans>
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
