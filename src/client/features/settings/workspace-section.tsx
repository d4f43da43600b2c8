import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Badge } from '@client/components/ui/badge';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { clearOfflineReads } from '@client/features/mobile-app';
import { daysUntil } from '@client/i18n/format';
import { apiRequest } from '@client/lib/api';
import { onErrorToast } from '@client/lib/error-toast';
import { refreshAuthUser } from '@client/lib/use-auth';
import { isLocale, type Locale, localeNames, locales } from '@domain/locales';
import { basePlans } from '@domain/pricing/plans';
import { roleLabels } from '@domain/roles';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';

/** The select's value for "no workspace default": each member's own browser language then applies. */
const browserDefault = 'browser';

export function WorkspaceSection({ user, canManage }: SettingsSectionProps) {
  const { workspace } = user;
  const { t, i18n } = useLingui();
  const plan = basePlans.find((option) => option.id === workspace.plan);
  const planName = plan ? i18n._(plan.name) : workspace.plan;
  const role = i18n._(roleLabels[user.role]).toLowerCase();
  const switchWorkspace = useMutation({
    mutationFn: (workspaceId: number) => apiRequest('POST', '/api/auth/switch-workspace', { workspaceId }),
    // Every cached list belongs to the old workspace, the offline copy too: start the dashboard afresh.
    onSuccess: async () => {
      await clearOfflineReads();
      window.location.assign('/dashboard');
    },
    onError: onErrorToast(t`Could not switch workspace`),
  });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Building2 className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium">{workspace.name}</p>
          <p className="text-sm text-muted-foreground">
            <Trans>{planName} plan</Trans>
            {workspace.subscriptionStatus === 'trialing' && workspace.trialEndsAt && (
              <>
                {' · '}
                <Trans>
                  trial,{' '}
                  <Plural value={daysUntil(workspace.trialEndsAt)} one="# day left" other="# days left" />
                </Trans>
              </>
            )}
          </p>
        </div>
        <Badge variant="secondary">
          <Trans>You are {role}</Trans>
        </Badge>
      </div>
      {user.workspaces.length > 1 && (
        <div className="max-w-sm space-y-1.5">
          <Label htmlFor="workspace-switcher">
            <Trans>Switch workspace</Trans>
          </Label>
          <Select
            value={String(workspace.id)}
            onValueChange={(value) => switchWorkspace.mutate(Number(value))}
            disabled={switchWorkspace.isPending}
          >
            <SelectTrigger id="workspace-switcher">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {user.workspaces.map((option) => (
                <SelectItem key={option.id} value={String(option.id)}>
                  {option.name} ({i18n._(roleLabels[option.role])})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      <WorkspaceLanguage defaultLocale={workspace.defaultLocale} canManage={canManage} />
    </div>
  );
}

/**
 * The language of members who chose none themselves (PATCH /api/workspace/settings, admins and owners);
 * a member's own choice in their profile still wins.
 */
function WorkspaceLanguage({
  defaultLocale,
  canManage,
}: {
  defaultLocale: Locale | null;
  canManage: boolean;
}) {
  const { t } = useLingui();
  const save = useMutation({
    mutationFn: async (locale: Locale | null) => {
      await apiRequest('PATCH', '/api/workspace/settings', { defaultLocale: locale });
      await refreshAuthUser();
    },
    onSuccess: () => toast({ title: t`Workspace language saved` }),
    onError: onErrorToast(t`Could not save the language`),
  });
  return (
    <div className="max-w-sm space-y-1.5">
      <Label htmlFor="workspace-language">
        <Trans>Default language for members</Trans>
      </Label>
      <Select
        value={defaultLocale ?? browserDefault}
        onValueChange={(value) => save.mutate(isLocale(value) ? value : null)}
        disabled={!canManage || save.isPending}
      >
        <SelectTrigger id="workspace-language">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={browserDefault}>
            <Trans>Each member's browser language</Trans>
          </SelectItem>
          {locales.map((code) => (
            <SelectItem key={code} value={code} lang={code} dir="auto">
              {localeNames[code]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-xs text-muted-foreground">
        {canManage ? (
          <Trans>Members who have not chosen a language in their profile see this one.</Trans>
        ) : (
          <Trans>Only owners and admins can change the workspace language.</Trans>
        )}
      </p>
    </div>
  );
}
