import { ApiError, queryWith, readJson, refuseWriteOffline, requestJson } from '@client/lib/api';
import { pollSteadily } from '@client/lib/steady-poll';
import {
  type ImportStatus,
  importStatusSchema,
  type StartedImport,
  startedImportSchema,
} from '@domain/imports/import-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Spec 000 §9: the import status is polled every 2000 ms while a job runs. */
export const importStatusPollMs = 2000;
/** Files above this go up as a streamed multipart upload instead of one JSON string. */
export const multipartThresholdBytes = 5 * 1024 * 1024;

export const importStatusUrl = (jobId: number) => `/api/contacts/import-status/${jobId}`;
export const errorReportUrl = (jobId: number) => `${importStatusUrl(jobId)}/errors.csv`;

async function uploadMultipart(file: File): Promise<StartedImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  refuseWriteOffline('POST');
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

/**
 * The job's status, read `importStatusPollMs` after the upload and then every `importStatusPollMs` until it
 * ends: steady under a slow server (pollSteadily), not a timer per interval that stacks or starves reads.
 */
export function useImportStatus(jobId: number | null) {
  const queryClient = useQueryClient();
  const url = jobId === null ? '' : importStatusUrl(jobId);
  const query = useQuery<ImportStatus>({
    queryKey: [url],
    queryFn: queryWith(importStatusSchema),
    enabled: false,
  });
  useEffect(() => {
    if (jobId === null) return;
    return pollSteadily(async () => {
      const status = await queryClient.fetchQuery<ImportStatus>({
        queryKey: [url],
        queryFn: queryWith(importStatusSchema),
        staleTime: 0,
      });
      return status.status === 'completed' || status.status === 'failed';
    }, importStatusPollMs);
  }, [jobId, url, queryClient]);
  return query;
}
