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
import { errorMessage } from '@client/lib/api';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import type { ImportPreviewRow } from '@domain/imports/import-schemas';
import { Download, FileSpreadsheet, Loader2, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { errorReportUrl, useImportStatus, useStartImport } from './imports-api';

export interface ImportCsvDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const isCsv = (file: File) => file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv');
const count = new Intl.NumberFormat('en-US');
const plural = (n: number, noun: string) => `${count.format(n)} ${noun}${n === 1 ? '' : 's'}`;

/** Spec 000 §2.8: choose a .csv file, start the import, watch its progress. */
export function ImportCsvDialog({ open, onOpenChange }: ImportCsvDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportPreviewRow[]>([]);
  const start = useStartImport();
  const status = useImportStatus(jobId);
  const job = status.data;
  const isDone = job?.status === 'completed' || job?.status === 'failed';

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
      toast({ title: 'Invalid File', description: 'Please select a CSV file.', variant: 'destructive' });
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
        toast({
          title: 'Import Started',
          description: `Importing ${count.format(started.totalRows)} rows from ${started.filename}.`,
        });
      },
      onError: (error) => {
        toast({
          title: 'Import Failed',
          description: errorMessage(error) || 'Failed to start import',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Import Contacts from CSV</DialogTitle>
          <DialogDescription>
            Columns such as Name, First Name, Last Name, Email, Phone, Company, Source, Status and Value are
            recognised. Rows with an email or phone already in your CRM fill in its blank fields.
          </DialogDescription>
        </DialogHeader>

        {jobId === null ? (
          <div className="grid gap-4">
            <label
              htmlFor="import-csv-file"
              className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center transition-colors hover:border-primary/60 hover:bg-muted/40"
            >
              <Upload className="h-8 w-8 text-muted-foreground" aria-hidden />
              <span className="text-sm font-medium">Choose a CSV file</span>
              <span className="text-xs text-muted-foreground">Up to 1,048,576 rows and 512 MB</span>
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
                  {(file.size / 1024).toFixed(1)} KB
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
                Cancel
              </Button>
              <Button onClick={startImport} disabled={!file || start.isPending}>
                {start.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
                Import Contacts
              </Button>
            </>
          ) : (
            isDone && <Button onClick={() => changeOpen(false)}>Done</Button>
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
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm font-medium">{job?.filename ?? 'Starting…'}</span>
        {job?.status === 'failed' ? (
          <Badge variant="destructive">Failed</Badge>
        ) : job?.status === 'completed' ? (
          <Badge variant="success">Completed</Badge>
        ) : (
          <Badge variant="secondary">Processing</Badge>
        )}
      </div>
      <Progress value={percent} aria-label="Import progress" />
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Stat label="Processed" value={processed} />
        <Stat label="Imported" value={job?.successful_imports ?? 0} />
        <Stat label="Failed" value={job?.failed_imports ?? 0} />
      </dl>
      {job?.status === 'completed' && (job.created_contacts > 0 || job.updated_contacts > 0) && (
        <p className="text-xs text-muted-foreground">
          {plural(job.created_contacts, 'new contact')}
          {job.updated_contacts > 0 && `, ${plural(job.updated_contacts, 'existing contact')} updated`}.
        </p>
      )}
      {job?.error_message && (
        <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {job.error_message}
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
          Download error report ({plural(job.failed_imports, 'row')})
        </a>
      )}
      {preview.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Data preview</h3>
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
      <dd className="text-lg font-semibold tabular-nums">{count.format(value)}</dd>
    </div>
  );
}
