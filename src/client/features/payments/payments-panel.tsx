import type { DashboardPanelProps } from '@client/components/dashboard-panel-props';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { formatMoney, formatNumber } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import { cn } from '@client/lib/utils';
import type { ConnectionResult } from '@domain/payments/payment-schemas';
import { percentChange } from '@domain/pricing/revenue';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CheckCircle2,
  CreditCard,
  Eye,
  EyeOff,
  Loader2,
  PlugZap,
  TrendingDown,
  TrendingUp,
  XCircle,
} from 'lucide-react';
import { useState } from 'react';
import { useProviderStatus, useRevenue, useTestConnection } from './payments-api';
import { PaymentsTable } from './payments-table';
import { WebsiteProductsCard } from './website-products-card';

/**
 * Dashboard 'payments' tab (spec 000 §2.4): provider status, masked keys, revenue from recorded payments.
 * Payments are not recorded per website; the products are, and the sidebar's website filters them.
 */
export function PaymentsPanel({ selectedWebsiteId, selectedWebsiteName }: DashboardPanelProps) {
  const status = useProviderStatus();
  const isStripe = status.data?.provider === 'stripe';
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <div>
        <h2 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <CreditCard className="h-6 w-6 text-primary" />
          {isStripe ? t`Stripe Payment Management` : t`Payment Management`}
        </h2>
        <p className="text-sm text-muted-foreground">
          {status.data?.mode === 'disabled'
            ? t`Payments are not configured: no checkout can start until a Stripe key is set on the server.`
            : status.data && !isStripe
              ? t`Test mode: card payments run through the built-in offline test checkout (no card is charged) until a Stripe key is configured.`
              : t`Card payments, checkout and revenue for this workspace.`}
        </p>
      </div>
      {/* minmax(0, 1fr) columns at every width: an auto column grew to its widest row (627 px on a phone). */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ProviderCard />
        <WebsiteProductsCard websiteId={selectedWebsiteId} websiteName={selectedWebsiteName} />
      </div>
      <RevenueAnalytics />
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Recent payments</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <PaymentsTable limit={10} />
        </CardContent>
      </Card>
    </div>
  );
}

function MaskedKey({ id, label, value }: { id: string; label: string; value: string | null }) {
  const [isShown, setIsShown] = useState(false);
  const { t } = useLingui();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value ? (isShown ? value : '•'.repeat(24)) : t`Not configured`}
          className={cn('font-mono text-sm', !value && 'text-muted-foreground')}
          data-testid={id}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          disabled={!value}
          onClick={() => setIsShown((s) => !s)}
          aria-label={isShown ? t`Hide ${label}` : t`Show ${label}`}
        >
          {isShown ? <EyeOff /> : <Eye />}
        </Button>
      </div>
    </div>
  );
}

function ProviderCard() {
  const status = useProviderStatus();
  const testConnection = useTestConnection();
  const [lastCheck, setLastCheck] = useState<ConnectionResult | null>(null);
  const { t } = useLingui();

  function runCheck() {
    testConnection.mutate(undefined, {
      onSuccess: (result) => {
        setLastCheck(result);
        toast({
          title: result.ok ? t`Connection OK` : t`Connection Failed`,
          description: result.message,
          variant: result.ok ? 'default' : 'destructive',
        });
      },
      onError: onErrorToast(t`Connection Failed`),
    });
  }

  if (!status.data || status.error) {
    return (
      <QueryState
        query={status}
        loading={<Skeleton className="h-72" />}
        errorTitle={<Trans>The payment provider status could not be loaded.</Trans>}
        errorClassName="rounded-xl border bg-card p-6"
      />
    );
  }
  const s = status.data;
  const isStripe = s.provider === 'stripe';
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            <Trans>API Configuration</Trans>
          </CardTitle>
          <Badge variant={isStripe ? 'success' : 'secondary'}>
            {isStripe
              ? s.mode === 'live'
                ? t`Stripe · live mode`
                : t`Stripe · test mode`
              : s.mode === 'disabled'
                ? t`Not configured`
                : t`Offline test mode`}
          </Badge>
        </div>
        <CardDescription>
          {isStripe
            ? t`Keys come from the server environment and are shown masked; they cannot be edited here.`
            : s.mode === 'disabled'
              ? t`No Stripe key is configured and the offline test checkout is off in production: no payments are taken.`
              : t`No Stripe key is configured: checkouts use the built-in test checkout (card 4242 4242 4242 4242).`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <MaskedKey id="key-live-secret-key" label={t`Live Secret Key`} value={s.keys.live} />
        <MaskedKey id="key-test-secret-key" label={t`Test Secret Key`} value={s.keys.test} />
        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <p className="flex items-center gap-2 text-sm">
            {lastCheck && !lastCheck.ok ? (
              <>
                <XCircle className="h-4 w-4 text-destructive" />
                <span className="text-destructive">
                  <Trans>API Connection Failed</Trans>
                </span>
              </>
            ) : (
              <>
                <CheckCircle2 className="h-4 w-4 text-success" />
                <span>
                  {isStripe
                    ? t`API Connection Active`
                    : s.mode === 'disabled'
                      ? t`Payments Off`
                      : t`Offline Test Checkout Active`}
                </span>
              </>
            )}
            {isStripe && (
              <span className="text-xs text-muted-foreground">
                {s.webhookConfigured ? t`· webhook signing secret set` : t`· webhook secret missing`}
              </span>
            )}
          </p>
          <Button variant="outline" size="sm" onClick={runCheck} disabled={testConnection.isPending}>
            {testConnection.isPending ? <Loader2 className="animate-spin" /> : <PlugZap />}
            <Trans>Test Connection</Trans>
          </Button>
        </div>
        {lastCheck && (
          <p
            className={cn('text-xs', lastCheck.ok ? 'text-muted-foreground' : 'text-destructive')}
            data-testid="connection-result"
          >
            {lastCheck.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function ChangeLabel({ current, previous }: { current: number; previous: number }) {
  const change = percentChange(current, previous);
  if (change === null)
    return (
      <span className="text-xs text-muted-foreground">
        <Trans>No revenue last month to compare</Trans>
      </span>
    );
  const changeText = formatNumber(change / 100, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'always',
  });
  const isUp = change >= 0;
  const Icon = isUp ? TrendingUp : TrendingDown;
  return (
    <span className={cn('flex items-center gap-1 text-xs', isUp ? 'text-success' : 'text-destructive')}>
      <Icon className="h-3.5 w-3.5" />
      <Trans>{changeText} vs last month</Trans>
    </span>
  );
}

function RevenueAnalytics() {
  const revenue = useRevenue();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Revenue Analytics</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>This calendar month, from the payments recorded for this workspace.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={revenue}
          loading={<Skeleton className="h-28" />}
          errorTitle={<Trans>Revenue could not be loaded.</Trans>}
          isEmpty={(summary) => summary.count === 0}
          empty={
            <div
              className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground"
              data-testid="revenue-empty"
            >
              <p className="font-medium text-foreground">
                <Trans>No payments recorded yet</Trans>
              </p>
              <p>
                <Trans>Revenue figures appear here once a checkout is paid.</Trans>
              </p>
            </div>
          }
        >
          {(summary) => <RevenueTiles summary={summary} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function RevenueTiles({ summary }: { summary: NonNullable<ReturnType<typeof useRevenue>['data']> }) {
  const { current, previous } = summary.months;
  const { t } = useLingui();
  const tiles = [
    { label: msg`Monthly Revenue`, value: current.total, previous: previous.total },
    { label: msg`Recurring Revenue`, value: current.recurring, previous: previous.recurring },
    { label: msg`One-time Revenue`, value: current.oneTime, previous: previous.oneTime },
    { label: msg`Average Transaction`, value: current.average, previous: previous.average },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="revenue-tiles">
      {tiles.map((tile) => (
        <div key={tile.label.id} className="rounded-xl border p-4">
          <p className="text-sm text-muted-foreground">{t(tile.label)}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums">{formatMoney(tile.value, { exact: true })}</p>
          <ChangeLabel current={tile.value} previous={tile.previous} />
        </div>
      ))}
    </div>
  );
}
