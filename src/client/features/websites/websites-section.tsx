import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { FormDialog } from '@client/components/form/form-dialog';
import { FormField } from '@client/components/form/form-field';
import { QueryState } from '@client/components/query-state';
import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { InstallSnippet } from '@client/features/analytics';
import { errorMessage } from '@client/lib/api';
import { applyServerErrors } from '@client/lib/form';
import { type Website, websiteInputSchema } from '@domain/websites/website-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Globe, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import {
  addWebsiteIntent,
  useCreateWebsite,
  useDeleteWebsite,
  useUpdateWebsite,
  useWebsites,
} from './websites-api';

export function WebsitesSection({ canManage }: SettingsSectionProps) {
  const websitesQuery = useWebsites();
  const websites = websitesQuery.data;
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { t } = useLingui();
  const isAddRequested = canManage && new URLSearchParams(search).get('open') === addWebsiteIntent;
  // undefined: dialog closed; null: adding; a website: editing it.
  const [editing, setEditing] = useState<Website | null | undefined>(isAddRequested ? null : undefined);
  // The intent is used once: drop it from the URL so a reload or Back does not open the dialog again.
  useEffect(() => {
    if (!isAddRequested) return;
    const params = new URLSearchParams(search);
    params.delete('open');
    navigate(`${location}?${params}`, { replace: true });
  }, [isAddRequested, search, location, navigate]);

  if (!websites || websitesQuery.error)
    return (
      <QueryState
        query={websitesQuery}
        loading={<Skeleton className="h-24" />}
        errorTitle={<Trans>Your websites could not be loaded.</Trans>}
      />
    );
  return (
    <div className="space-y-4">
      {websites?.length ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>
                <Trans>Name</Trans>
              </TableHead>
              <TableHead className="hidden sm:table-cell">
                <Trans>Domain</Trans>
              </TableHead>
              <TableHead className="hidden md:table-cell">
                <Trans>Description</Trans>
              </TableHead>
              {canManage && (
                <TableHead className="w-24 text-end">
                  <Trans>Actions</Trans>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {websites.map((site) => (
              <TableRow key={site.id}>
                <TableCell className="font-medium">
                  {site.name}
                  {/* On a phone the domain goes under the name, leaving room for the edit and remove buttons. */}
                  <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                    {site.domain}
                  </span>
                </TableCell>
                <TableCell className="hidden text-muted-foreground sm:table-cell">{site.domain}</TableCell>
                <TableCell className="hidden max-w-xs truncate text-muted-foreground md:table-cell">
                  {site.description}
                </TableCell>
                {canManage && (
                  <TableCell className="text-end">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t`Edit ${site.name}`}
                        onClick={() => setEditing(site)}
                      >
                        <Pencil />
                      </Button>
                      <RemoveWebsiteButton website={site} />
                    </div>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <div className="flex flex-col items-center rounded-lg border border-dashed py-8 text-center">
          <Globe className="mb-2 h-6 w-6 text-muted-foreground" />
          <p className="font-medium">
            <Trans>No websites yet</Trans>
          </p>
          <p className="text-sm text-muted-foreground">
            {canManage
              ? t`Add the sites you run to manage them here.`
              : t`An admin can add the sites you run.`}
          </p>
        </div>
      )}
      {websites?.map((site) => (
        <details key={site.id} className="rounded-lg border px-4 py-3">
          <summary className="cursor-pointer text-sm font-medium">
            <Trans>Analytics tracking tag for {site.name}</Trans>
          </summary>
          <div className="mt-3">
            <InstallSnippet siteId={site.id} siteName={site.name} />
          </div>
        </details>
      ))}
      {canManage && (
        <Button variant="outline" onClick={() => setEditing(null)}>
          <Plus />
          <Trans>Add website</Trans>
        </Button>
      )}
      {editing !== undefined && <WebsiteDialog website={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}

type WebsiteForm = z.input<typeof websiteInputSchema>;

function WebsiteDialog({ website, onClose }: { website: Website | null; onClose: () => void }) {
  const form = useForm<WebsiteForm, unknown, z.output<typeof websiteInputSchema>>({
    resolver: zodResolver(websiteInputSchema),
    defaultValues: {
      name: website?.name ?? '',
      domain: website?.domain ?? '',
      description: website?.description ?? '',
    },
  });
  const { errors } = form.formState;
  const create = useCreateWebsite();
  const update = useUpdateWebsite();
  const save = website ? update : create;
  const { t } = useLingui();
  const submit = form.handleSubmit(async (input) => {
    try {
      if (website) await update.mutateAsync({ id: website.id, ...input });
      else await create.mutateAsync(input);
      toast({ title: website ? t`Website updated` : t`Website added`, description: input.name });
      onClose();
    } catch (error) {
      // Field errors go under their inputs; anything else is shown inside the dialog from the mutation's state.
      applyServerErrors(error, form);
    }
  });
  const hasFieldError = Object.keys(errors).length > 0;
  return (
    <FormDialog
      onClose={onClose}
      title={website ? t`Edit website` : t`Add website`}
      description={<Trans>Websites appear in the dashboard sidebar and on its overview.</Trans>}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error && !hasFieldError && errorMessage(save.error)}
      submitLabel={website ? t`Save changes` : t`Add website`}
    >
      <FormField label={<Trans>Name</Trans>} error={errors.name?.message}>
        {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register('name')} />}
      </FormField>
      <FormField label={<Trans>Domain</Trans>} error={errors.domain?.message}>
        {(id, invalid) => (
          <Input id={id} aria-invalid={invalid} placeholder={t`example.com`} {...form.register('domain')} />
        )}
      </FormField>
      <FormField label={<Trans>Description</Trans>} error={errors.description?.message}>
        {(id, invalid) => (
          <Textarea id={id} aria-invalid={invalid} rows={3} {...form.register('description')} />
        )}
      </FormField>
    </FormDialog>
  );
}

function RemoveWebsiteButton({ website }: { website: Website }) {
  const remove = useDeleteWebsite();
  const { t } = useLingui();
  const { name, domain } = website;
  return (
    <ConfirmDeleteDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={t`Remove ${name}`}>
          <Trash2 className="text-destructive" />
        </Button>
      }
      title={<Trans>Remove {name}?</Trans>}
      description={<Trans>{domain} disappears from the dashboard. The site itself keeps running.</Trans>}
      confirmLabel={<Trans>Remove</Trans>}
      onConfirm={() => remove.mutateAsync(website.id)}
      errorTitle={t`Could not remove website`}
    />
  );
}
