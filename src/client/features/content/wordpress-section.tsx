import { FormField } from '@client/components/form/form-field';
import { QueryState } from '@client/components/query-state';
import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { requestJson } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { queryClient } from '@client/lib/query-client';
import { wordpressSettingsInputSchema, wordpressStatusSchema } from '@domain/content/content-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useWordpressStatus, wordpressKey } from './content-api';

/** An address's shape, the same in every language. */
const siteUrlPlaceholder = 'https://blog.example.com';

type WordpressForm = z.input<typeof wordpressSettingsInputSchema>;

/**
 * Settings → WordPress: where published content is also posted (REST API with an application password,
 * which the server seals and never shows again). Owners and admins connect; others read the status.
 */
export function WordpressSection({ canManage }: SettingsSectionProps) {
  const { t } = useLingui();
  const status = useWordpressStatus();
  const form = useForm<WordpressForm>({
    resolver: zodResolver(wordpressSettingsInputSchema, undefined, { raw: true }),
    defaultValues: { siteUrl: '', username: '', applicationPassword: '' },
  });
  const update = (data: z.infer<typeof wordpressStatusSchema>) =>
    queryClient.setQueryData(wordpressKey, data);
  const connect = useMutation({
    mutationFn: (input: WordpressForm) =>
      requestJson(wordpressStatusSchema, 'PUT', '/api/content/wordpress', input),
    onSuccess: update,
  });
  const disconnect = useMutation({
    mutationFn: () => requestJson(wordpressStatusSchema, 'DELETE', '/api/content/wordpress'),
    onSuccess: update,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    connect.mutate(values, {
      onSuccess: () => {
        form.reset({ siteUrl: '', username: '', applicationPassword: '' });
        toast({ title: t`WordPress Connected` });
      },
      onError: (error) => {
        if (!applyServerErrors(error, form)) toastError(t`Connection Failed`, error);
      },
    }),
  );
  if (status.isLoading) return <QueryState query={status} loading={<Skeleton className="h-24" />} />;
  return (
    <div className="grid gap-4" data-testid="wordpress-settings">
      {status.data?.connected ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="flex-1">
            <Trans>
              Published content is also posted to {status.data.siteUrl} as {status.data.username}.
            </Trans>
          </p>
          {canManage && (
            <Button
              variant="outline"
              size="sm"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, { onError: (e) => toastError(t`Connection Failed`, e) })
              }
            >
              <Trans>Disconnect</Trans>
            </Button>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>Not connected: published content stays on its public page and feeds.</Trans>
        </p>
      )}
      {canManage && (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3" noValidate>
          <FormField label={<Trans>WordPress site address</Trans>} error={errors.siteUrl?.message}>
            {(id, invalid) => (
              <Input
                id={id}
                type="url"
                placeholder={siteUrlPlaceholder}
                aria-invalid={invalid}
                {...form.register('siteUrl')}
              />
            )}
          </FormField>
          <FormField label={<Trans>Username</Trans>} error={errors.username?.message}>
            {(id, invalid) => (
              <Input id={id} autoComplete="off" aria-invalid={invalid} {...form.register('username')} />
            )}
          </FormField>
          <FormField label={<Trans>Application password</Trans>} error={errors.applicationPassword?.message}>
            {(id, invalid) => (
              <Input
                id={id}
                type="password"
                autoComplete="new-password"
                aria-invalid={invalid}
                {...form.register('applicationPassword')}
              />
            )}
          </FormField>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending && <Loader2 className="animate-spin" />}
              {status.data?.connected ? <Trans>Replace connection</Trans> : <Trans>Connect WordPress</Trans>}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
