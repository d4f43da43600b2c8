import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Progress } from '@client/components/ui/progress';
import { toast } from '@client/components/ui/use-toast';
import { formatNumber } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { errorMessage } from '@client/lib/api';
import { onErrorToast, toastError } from '@client/lib/error-toast';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import { usePublicConfig } from '@client/lib/use-public-config';
import type { ImportPreviewRow } from '@domain/imports/import-schemas';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download, FileSpreadsheet, Loader2, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { errorReportUrl, useImportStatus, useStartImport } from './imports-api';

export interface ImportCsvDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const isCsv = (file: File) => file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv');
/** The server's IMPORT_MAX_BYTES default, shown until the public settings arrive. */
const defaultMaxBytes = 512 * 1024 * 1024;
const maxRows = 1_048_576;

function formatMegabytes(bytes: number): string {
  return formatNumber(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}

/** Spec 000 §2.8: choose a .csv file, start the import, watch its progress. */
export function ImportCsvDialog({ open, onOpenChange }: ImportCsvDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportPreviewRow[]>([]);
  const start = useStartImport();
  const status = useImportStatus(jobId);
  const job = status.data;
  const isDone = job?.status === 'completed' || job?.status === 'failed';
  const { t } = useLingui();
  const { data: publicConfig } = usePublicConfig();
  const _rowLimit = formatNumber(maxRows);
  const sizeLimit = formatMegabytes(publicConfig?.importMaxBytes ?? defaultMaxBytes);

  useEffect(() => {
    if (isDone) void refreshContactViews();
  }, [isDone]);

  const reset = () => {
    setFile(null);
    setJobId(null);
    setPreview([]);
    start.reset();
  };

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !isCsv(chosen)) {
      toastError(t`Invalid File`, null, t`Please select a CSV file.`);
      event.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const startImport = () => {
    if (!file) return;
    start.mutate(file, {
      onSuccess: (started) => {
        setJobId(started.jobId);
        setPreview(started.preview);
        const { totalRows, filename } = started;
        toast({
          title: t`Import Started`,
          description: t`Importing ${plural(totalRows, { one: '# row', other: '# rows' })} from ${filename}.`,
        });
      },
      onError: onErrorToast(t`Import Failed`, t`Failed to start import`),
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Import Contacts from CSV</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Columns such as Name, First Name, Last Name, Email, Phone, Company, Source, Status and Value are
              recognised. Rows with an email or phone already in your CRM fill in its blank fields.
            </Trans>
          </DialogDescription>
        </DialogHeader>

        {jobId === null ? (
          <div className="grid gap-4">
            <label
              htmlFor="import-csv-file"
              className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center transition-colors hover:border-primary/60 hover:bg-muted/40"
            >
              <Upload className="h-8 w-8 text-muted-foreground" aria-hidden />
              <span className="text-sm font-medium">
                <Trans>Choose a CSV file</Trans>
              </span>
              <span className="text-xs text-muted-foreground">
                <Trans>
                  Up to <Plural value={maxRows} one="# row" other="# rows" /> and {sizeLimit}
                </Trans>
              </span>
              <input
                id="import-csv-file"
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                onChange={choose}
              />
            </label>
            {file && (
              <div
                className="flex items-center gap-3 rounded-md border bg-muted/30 px-3 py-2"
                data-testid="import-file"
              >
                <FileSpreadsheet className="h-5 w-5 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{file.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {formatNumber(file.size / 1024, {
                    style: 'unit',
                    unit: 'kilobyte',
                    minimumFractionDigits: 1,
                    maximumFractionDigits: 1,
                  })}
                </span>
              </div>
            )}
          </div>
        ) : (
          <ImportProgress jobId={jobId} preview={preview} />
        )}

        <DialogFooter>
          {jobId === null ? (
            <>
              <Button variant="outline" onClick={() => changeOpen(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button onClick={startImport} disabled={!file || start.isPending}>
                {start.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
                <Trans>Import Contacts</Trans>
              </Button>
            </>
          ) : (
            isDone && (
              <Button onClick={() => changeOpen(false)}>
                <Trans>Done</Trans>
              </Button>
            )
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ImportProgress({ jobId, preview }: { jobId: number; preview: ImportPreviewRow[] }) {
  const { data: job, isError, error } = useImportStatus(jobId);
  const total = job?.total_rows ?? 0;
  const processed = job?.processed_rows ?? 0;
  const percent =
    job?.status === 'completed' ? 100 : total > 0 ? Math.min(100, (processed / total) * 100) : 0;
  const { t } = useLingui();
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm font-medium">
          {job?.filename ?? <Trans>Starting…</Trans>}
        </span>
        {job?.status === 'failed' ? (
          <Badge variant="destructive">
            <Trans>Failed</Trans>
          </Badge>
        ) : job?.status === 'completed' ? (
          <Badge variant="success">
            <Trans>Completed</Trans>
          </Badge>
        ) : (
          <Badge variant="secondary">
            <Trans>Processing</Trans>
          </Badge>
        )}
      </div>
      <Progress value={percent} aria-label={t`Import progress`} />
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Stat label={t`Processed`} value={processed} />
        <Stat label={t`Imported`} value={job?.successful_imports ?? 0} />
        <Stat label={t`Failed`} value={job?.failed_imports ?? 0} />
      </dl>
      {job?.status === 'completed' && (job.created_contacts > 0 || job.updated_contacts > 0) && (
        <p className="text-xs text-muted-foreground">
          <ImportOutcome created={job.created_contacts} updated={job.updated_contacts} />
        </p>
      )}
      {job?.error_message && (
        <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {messageRefText(job.error_message_ref, job.error_message)}
        </p>
      )}
      {isError && <p className="text-sm text-destructive">{errorMessage(error)}</p>}
      {job && job.failed_imports > 0 && (
        <a
          href={errorReportUrl(jobId)}
          download
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Download className="h-4 w-4" aria-hidden />
          <FailedRowsLink failed={job.failed_imports} />
        </a>
      )}
      {preview.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">
            <Trans>Data preview</Trans>
          </h3>
          <ul className="divide-y rounded-md border text-sm">
            {preview.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id and never reorder
              <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2">
                <span className="font-medium">{`${row.firstName} ${row.lastName}`.trim() || '—'}</span>
                <span className="text-muted-foreground">
                  {[row.email, row.company].filter(Boolean).join(' · ') || '—'}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border px-2 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}

/** "2 new contacts, 1 existing contact updated." after an import. */
function ImportOutcome({ created, updated }: { created: number; updated: number }) {
  const added = plural(created, { one: '# new contact', other: '# new contacts' });
  if (updated === 0) return <Trans>{added}.</Trans>;
  const changed = plural(updated, { one: '# existing contact', other: '# existing contacts' });
  return (
    <Trans>
      {added}, {changed} updated.
    </Trans>
  );
}

function FailedRowsLink({ failed }: { failed: number }) {
  return (
    <Trans>
      Download error report (<Plural value={failed} one="# row" other="# rows" />)
    </Trans>
  );
}
