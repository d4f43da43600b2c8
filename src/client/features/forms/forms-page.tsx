import { DetailPanelHeader } from '@client/components/detail-panel-header';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { useAuth } from '@client/lib/use-auth';
import { type FormDetail, type FormFigures, formRefusalReasons } from '@domain/forms/form-schemas';
import { type Locale, localeNames } from '@domain/locales';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Check, ClipboardList, Copy, ExternalLink, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { FormBuilderDialog } from './form-builder-dialog';
import { conversionText } from './form-figures';
import { refusalLabels } from './form-labels';
import { useDeleteForm, useFormDetail, useFormSubmissions, useForms } from './forms-api';
import { LandingAbTestCard } from './landing-ab-test-card';

/** /forms (signed in): the workspace's lead forms, each with its figures, hosted page, embed tag and answers. */
export function FormsPage() {
  const { user } = useAuth();
  const canWrite = user !== null && hasRole(user.role, 'admin');
  const forms = useForms();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen ?? forms.data?.[0]?.id ?? null;
  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 md:p-8">
      <Link href="/dashboard" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
        <Trans>Back to dashboard</Trans>
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            <ClipboardList className="h-6 w-6 text-primary" aria-hidden="true" />
            <Trans>Lead forms</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Forms for your websites and their own pages. Each answer finds or creates its contact and starts
              your workflows.
            </Trans>
          </p>
        </div>
        {canWrite && (
          <Button onClick={() => setEditing('new')} data-testid="button-new-form">
            <Plus className="h-4 w-4" aria-hidden="true" />
            <Trans>New form</Trans>
          </Button>
        )}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Forms</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState
            query={forms}
            loading={<Skeleton className="h-24 w-full" />}
            errorTitle={<Trans>The forms could not be loaded.</Trans>}
            isEmpty={(list) => list.length === 0}
            empty={
              <p className="text-sm text-muted-foreground" data-testid="forms-empty">
                {canWrite ? (
                  <Trans>No forms yet. Create one and put it on your website.</Trans>
                ) : (
                  <Trans>No forms yet. Owners and admins create them.</Trans>
                )}
              </p>
            }
          >
            {(list) => (
              <div className="overflow-x-auto">
                <Table data-testid="forms-table">
                  <TableHeader>
                    <TableRow>
                      <TableHead>
                        <Trans>Name</Trans>
                      </TableHead>
                      <TableHead>
                        <Trans>Language</Trans>
                      </TableHead>
                      <TableHead className="text-end">
                        <Trans>Views</Trans>
                      </TableHead>
                      <TableHead className="text-end">
                        <Trans>Submissions</Trans>
                      </TableHead>
                      <TableHead className="text-end">
                        <Trans>Conversion rate</Trans>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {list.map((f) => (
                      <TableRow key={f.id} data-state={f.id === selected ? 'selected' : undefined}>
                        <TableCell>
                          <button
                            type="button"
                            className="text-start font-medium text-primary hover:underline"
                            aria-pressed={f.id === selected}
                            onClick={() => setChosen(f.id)}
                          >
                            {f.name}
                          </button>
                        </TableCell>
                        <TableCell>{localeNames[f.locale as Locale]}</TableCell>
                        <TableCell className="text-end">{formatNumber(f.figures.views)}</TableCell>
                        <TableCell className="text-end">{formatNumber(f.figures.submissions)}</TableCell>
                        <TableCell className="text-end">{conversionText(f.figures)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </QueryState>
        </CardContent>
      </Card>
      {selected !== null && (
        <FormPanel
          key={selected}
          formId={selected}
          canWrite={canWrite}
          onEdit={() => setEditing(selected)}
          onDeleted={() => setChosen(null)}
        />
      )}
      {editing !== null && (
        <FormBuilderDialog formId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </main>
  );
}

/** One form: its figures, its hosted page and embed tag, and its latest answers. */
function FormPanel({
  formId,
  canWrite,
  onEdit,
  onDeleted,
}: {
  formId: number;
  canWrite: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const detail = useFormDetail(formId);
  const { t } = useLingui();
  const remove = useDeleteForm();
  return (
    <QueryState
      query={detail}
      loading={<Skeleton className="h-64 w-full" />}
      errorTitle={<Trans>This form could not be loaded.</Trans>}
    >
      {(form) => (
        <section className="space-y-4" aria-labelledby="form-panel-title" data-testid="form-panel">
          <DetailPanelHeader
            titleId="form-panel-title"
            title={form.name}
            canWrite={canWrite}
            onEdit={onEdit}
            remove={{
              title: <Trans>Delete “{form.name}”?</Trans>,
              description: (
                <Trans>
                  Its hosted page and embed stop working, and its submissions and figures are removed.
                  Contacts and their timelines stay.
                </Trans>
              ),
              errorTitle: t`Could not delete the form`,
              onConfirm: () => remove.mutateAsync(form.id),
              onDone: () => {
                toast({ title: t`Form deleted` });
                onDeleted();
              },
            }}
          />
          <FormFiguresGrid figures={form.figures} />
          <PublishCard form={form} />
          <LandingAbTestCard form={form} canWrite={canWrite} />
          <SubmissionsCard formId={form.id} />
        </section>
      )}
    </QueryState>
  );
}

/** Views, submissions, conversion and refused submissions by reason (all time). */
function FormFiguresGrid({ figures }: { figures: FormFigures }) {
  const { i18n } = useLingui();
  const refused = formRefusalReasons.reduce((sum, reason) => sum + figures.refused[reason], 0);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="form-figures">
      <Figure label={<Trans>Views</Trans>} value={formatNumber(figures.views)} id="views" />
      <Figure label={<Trans>Submissions</Trans>} value={formatNumber(figures.submissions)} id="submissions" />
      <Figure label={<Trans>Conversion rate</Trans>} value={conversionText(figures)} id="conversion" />
      <Figure label={<Trans>Refused</Trans>} value={formatNumber(refused)} id="refused">
        <ul className="mt-1 space-y-0.5 text-xs text-muted-foreground">
          {formRefusalReasons.map((reason) => (
            <li key={reason} data-refusal={reason}>
              {i18n._(refusalLabels[reason])}: {formatNumber(figures.refused[reason])}
            </li>
          ))}
        </ul>
      </Figure>
    </dl>
  );
}

function Figure({
  label,
  value,
  id,
  children,
}: {
  label: React.ReactNode;
  value: string;
  id: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="rounded-lg border bg-card p-4" data-figure={id}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight">{value}</dd>
      {children && <dd>{children}</dd>}
    </div>
  );
}

/** Where the form lives: its hosted page, and the tag that puts it on a website. */
function PublishCard({ form }: { form: FormDetail }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(form.embedSnippet);
    setCopied(true);
    toast({ title: t`Embed tag copied`, description: form.name });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <Trans>Hosted page and embed</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>
          <a
            className="inline-flex items-center gap-1 break-all text-primary hover:underline"
            href={form.hostedUrl}
            target="_blank"
            rel="noreferrer"
            data-testid="form-hosted-link"
          >
            {form.hostedUrl}
            <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">
              <Trans>(opens in a new tab)</Trans>
            </span>
          </a>
        </p>
        <p className="text-muted-foreground">
          <Trans>
            Paste this tag where the form should appear on one of your websites. The form accepts answers only
            from its own page and from your websites.
          </Trans>
        </p>
        <div className="flex items-start gap-2">
          <code className="min-w-0 flex-1 whitespace-pre-wrap break-all rounded-md bg-muted px-3 py-2 font-mono text-xs">
            {form.embedSnippet}
          </code>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={copy}
            aria-label={t`Copy the embed tag of ${form.name}`}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function SubmissionsCard({ formId }: { formId: number }) {
  const submissions = useFormSubmissions(formId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <Trans>Latest submissions</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={submissions}
          errorTitle={<Trans>The submissions could not be loaded.</Trans>}
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>No submissions yet.</Trans>
            </p>
          }
        >
          {(list) => (
            <ul className="divide-y" data-testid="form-submissions">
              {list.map((s) => (
                <li key={s.id} className="space-y-1 py-3 text-sm">
                  <p className="flex flex-wrap justify-between gap-2">
                    <span className="font-medium">{s.contactName ?? <Trans>Deleted contact</Trans>}</span>
                    <span className="text-muted-foreground">{formatDateTime(s.submittedAt)}</span>
                  </p>
                  <dl className="grid grid-cols-1 gap-x-4 sm:grid-cols-[auto_1fr]">
                    {s.answers.map((a) => (
                      <div key={a.key} className="contents">
                        <dt className="text-muted-foreground">{a.label}</dt>
                        <dd className="whitespace-pre-wrap break-words">{a.value}</dd>
                      </div>
                    ))}
                  </dl>
                  {s.consent && (
                    <p className="text-muted-foreground">
                      {s.consent.given ? <Trans>Consent given:</Trans> : <Trans>Consent not given:</Trans>}{' '}
                      {s.consent.text}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
