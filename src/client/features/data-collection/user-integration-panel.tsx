import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import {
  createExampleResultSchema,
  integrateUsersResultSchema,
  tagSourcesResultSchema,
} from '@domain/data-collection/data-collection-schemas';
import { hasRole } from '@domain/roles';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Tags, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppSourcesCard } from './app-sources-card';
import { ContactsBySourceCard } from './contacts-by-source-card';
import { useConsoleAction } from './data-collection-api';

export function UserIntegrationPanel() {
  const { t } = useLingui();
  const { user } = useAuth();
  const canWrite = user !== null && hasRole(user.role, 'admin');
  const integrate = useConsoleAction('/api/contacts/integrate-users', integrateUsersResultSchema);
  const example = useConsoleAction('/api/contacts/create-example', createExampleResultSchema);
  const tag = useConsoleAction('/api/contacts/tag-sources', tagSourcesResultSchema);

  const runIntegrate = () =>
    integrate.mutate(undefined, {
      onSuccess: ({ integrated, skipped }) =>
        toast({
          title: t`User Integration Complete`,
          description: t`Integrated ${plural(integrated, { one: '# user', other: '# users' })}, skipped ${plural(skipped, { one: '# existing contact', other: '# existing contacts' })}`,
        }),
      onError: () => toastError(t`Integration Failed`, undefined, t`Failed to integrate users as contacts`),
    });
  const runExample = () =>
    example.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: t`Example Created`,
          description: t`An example app user and their contact were created.`,
        }),
      onError: () => toastError(t`Creation Failed`, undefined, t`Failed to create example user and contact`),
    });
  const runTag = () =>
    tag.mutate(undefined, {
      onSuccess: ({ updated }) =>
        toast({
          title: t`Source Tagging Complete`,
          description: plural(updated, {
            one: '# contact now has its source',
            other: '# contacts now have their source',
          }),
        }),
      onError: () => toastError(t`Tagging Failed`, undefined, t`Failed to tag contact sources`),
    });

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">
          <Trans>User Integration</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Turn the users of your apps into contacts, with the app as their source.</Trans>
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <ActionCard
          icon={<Users className="size-5" aria-hidden="true" />}
          title={t`Integrate users as contacts`}
          description={t`Reads each app's user list and adds the people not yet in your contacts.`}
          label={t`Integrate Users`}
          pending={integrate.isPending}
          disabled={!canWrite}
          onClick={runIntegrate}
        />
        <ActionCard
          icon={<UserPlus className="size-5" aria-hidden="true" />}
          title={t`Create example user and contact`}
          description={t`Adds one clearly labelled example user so you can see the flow work.`}
          label={t`Create Example`}
          pending={example.isPending}
          disabled={!canWrite}
          onClick={runExample}
        />
        <ActionCard
          icon={<Tags className="size-5" aria-hidden="true" />}
          title={t`Tag contact sources`}
          description={t`Gives contacts whose source is Unknown the app or website their email domain belongs to.`}
          label={t`Tag Sources`}
          pending={tag.isPending}
          disabled={!canWrite}
          onClick={runTag}
        />
      </div>
      {!canWrite && (
        <p className="text-xs text-muted-foreground">
          <Trans>Only admins and owners can run these actions.</Trans>
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start [&>*]:min-w-0">
        <AppSourcesCard />
        <ContactsBySourceCard />
      </div>
    </div>
  );
}

function ActionCard(props: {
  icon: ReactNode;
  title: string;
  description: string;
  label: string;
  pending: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {props.icon}
          {props.title}
        </CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={props.onClick} disabled={props.disabled || props.pending}>
          {props.pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {props.label}
        </Button>
      </CardContent>
    </Card>
  );
}
