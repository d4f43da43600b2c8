import { ApiError, queryWith, readJson, requestJson } from '@client/lib/api';
import {
  type ImportStatus,
  importStatusSchema,
  type StartedImport,
  startedImportSchema,
} from '@domain/imports/import-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

/** Spec 000 §9: the import status is polled every 2000 ms while a job runs. */
export const importStatusPollMs = 2000;
/** Files above this go up as a streamed multipart upload instead of one JSON string. */
export const multipartThresholdBytes = 5 * 1024 * 1024;

export const importStatusUrl = (jobId: number) => `/api/contacts/import-status/${jobId}`;
export const errorReportUrl = (jobId: number) => `${importStatusUrl(jobId)}/errors.csv`;

async function uploadMultipart(file: File): Promise<StartedImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch('/api/contacts/import-csv/upload', {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  return readJson(response, startedImportSchema);
}

/** POST /api/contacts/import-csv with the file's text (spec 000 §7), or the multipart upload for big files. */
export function useStartImport() {
  return useMutation({
    mutationFn: async (file: File): Promise<StartedImport> => {
      if (file.size > multipartThresholdBytes) return uploadMultipart(file);
      return requestJson(startedImportSchema, 'POST', '/api/contacts/import-csv', {
        csvData: await file.text(),
        filename: file.name,
      });
    },
  });
}

export function useImportStatus(jobId: number | null) {
  return useQuery<ImportStatus>({
    queryKey: [jobId === null ? '' : importStatusUrl(jobId)],
    queryFn: queryWith(importStatusSchema),
    enabled: jobId !== null,
    refetchInterval: (query) =>
      jobId !== null && query.state.data?.status !== 'completed' && query.state.data?.status !== 'failed'
        ? importStatusPollMs
        : false,
  });
}
