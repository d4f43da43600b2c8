import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Switch } from '@client/components/ui/switch';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAnalyticsSettings, useUpdateAnalyticsSettings } from './analytics-api';

/** The workspace's switch for linking identified visitors to contacts; owners and admins turn it. */
export function VisitorLinkCard() {
  const { t } = useLingui();
  const { user } = useAuth();
  const settings = useAnalyticsSettings();
  const update = useUpdateAnalyticsSettings();
  const canWrite = user !== null && hasRole(user.role, 'admin');
  if (!settings.data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <Trans>Visitors who become contacts</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            When a visitor sends a form on your website (ticking its consent box) or opens it from a link in
            your email, the pages they viewed there that day join their contact timeline. No cookie is used,
            and another day's visits are never linked. Your forms say so in their consent text while this is
            on.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex items-center justify-between gap-3 text-sm">
        <label htmlFor="link-visitors">
          <Trans>Link visitors to contacts</Trans>
        </label>
        <Switch
          id="link-visitors"
          checked={settings.data.linkVisitors}
          disabled={!canWrite || update.isPending}
          onCheckedChange={(checked) =>
            update.mutate(
              { linkVisitors: checked },
              { onError: (error) => toastError(t`The setting was not saved`, error) },
            )
          }
        />
      </CardContent>
    </Card>
  );
}
