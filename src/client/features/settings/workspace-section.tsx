import { Badge } from '@client/components/ui/badge';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { apiRequest, errorMessage } from '@client/lib/api';
import { basePlans } from '@domain/pricing/plans';
import { roleLabels } from '@domain/roles';
import { useMutation } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import type { SettingsSectionProps } from './settings-sections';

function daysLeft(until: string): number {
  return Math.max(0, Math.ceil((new Date(until).getTime() - Date.now()) / 86_400_000));
}

export function WorkspaceSection({ user }: SettingsSectionProps) {
  const { workspace } = user;
  const planName = basePlans.find((plan) => plan.id === workspace.plan)?.name ?? workspace.plan;
  const switchWorkspace = useMutation({
    mutationFn: (workspaceId: number) => apiRequest('POST', '/api/auth/switch-workspace', { workspaceId }),
    // Every cached list belongs to the old workspace: start the dashboard afresh.
    onSuccess: () => window.location.assign('/dashboard'),
    onError: (error) =>
      toast({
        title: 'Could not switch workspace',
        description: errorMessage(error),
        variant: 'destructive',
      }),
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
            {planName} plan
            {workspace.subscriptionStatus === 'trialing' && workspace.trialEndsAt
              ? ` · trial, ${daysLeft(workspace.trialEndsAt)} days left`
              : ''}
          </p>
        </div>
        <Badge variant="secondary">You are {roleLabels[user.role].toLowerCase()}</Badge>
      </div>
      {user.workspaces.length > 1 && (
        <div className="max-w-sm space-y-1.5">
          <Label htmlFor="workspace-switcher">Switch workspace</Label>
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
                  {option.name} ({roleLabels[option.role]})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
    </div>
  );
}
