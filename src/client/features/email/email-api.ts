import { queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import {
  type ConnectEmailInput,
  captureAddressSchema,
  type EmailAccount,
  type EmailProcessingJob,
  emailAccountSchema,
  emailConversationSchema,
  emailProcessingJobSchema,
  type ProcessEmailInput,
  submittedEmailSchema,
} from '@domain/email/email-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

const processingJobsSchema = z.array(emailProcessingJobSchema);

export const accountsKey = ['/api/email/sync-status'] as const;
export const conversationsKey = ['/api/email/conversations'] as const;
export const captureAddressKey = ['/api/email/capture-address'] as const;
export const processingJobsKey = ['/api/emails/processing-jobs'] as const;

/** A freshly connected mailbox syncs in the background; poll while its first sync has not finished. */
const accountPollMs = 3000;
const jobPollMs = 2000;

export function useEmailAccounts(isOpen: boolean) {
  return useQuery<EmailAccount[]>({
    queryKey: accountsKey,
    queryFn: queryWith(z.array(emailAccountSchema)),
    enabled: isOpen,
    refetchInterval: (query) =>
      query.state.data?.some((a) => a.isActive && !a.lastSyncedAt) ? accountPollMs : false,
  });
}

export function useConversations(isOpen: boolean) {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: queryWith(z.array(emailConversationSchema)),
    enabled: isOpen,
  });
}

export function useCaptureAddress(isOpen: boolean) {
  return useQuery({ queryKey: captureAddressKey, queryFn: queryWith(captureAddressSchema), enabled: isOpen });
}

/** Jobs are polled only while one of them is still pending. */
export function useProcessingJobs(isOpen: boolean) {
  return useQuery<EmailProcessingJob[]>({
    queryKey: processingJobsKey,
    queryFn: queryWith(processingJobsSchema),
    enabled: isOpen,
    refetchInterval: (query) =>
      query.state.data?.some((j) => !j.processed && !j.error_message) ? jobPollMs : false,
  });
}

export function useConnectEmail() {
  return useMutation({
    mutationFn: async (input: ConnectEmailInput) =>
      requestJson(emailAccountSchema, 'POST', '/api/email/sync-status', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

export function useProcessEmail() {
  return useMutation({
    mutationFn: async (input: ProcessEmailInput) =>
      requestJson(submittedEmailSchema, 'POST', '/api/emails/process', input),
    onSuccess: async ({ jobId }) => {
      await queryClient.invalidateQueries({ queryKey: processingJobsKey });
      void refreshWhenProcessed(jobId);
    },
  });
}

/** How long the contacts list waits for a queued email before giving up on refreshing itself. */
const watchLimitMs = 60_000;

/**
 * The dialog closes as soon as the email is queued; this keeps watching its job (even with the
 * dialog closed) and refreshes contacts and conversations once the worker has filed it.
 */
async function refreshWhenProcessed(jobId: number) {
  const deadline = Date.now() + watchLimitMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, jobPollMs));
    try {
      const jobs = await queryClient.fetchQuery({
        queryKey: processingJobsKey,
        queryFn: queryWith(processingJobsSchema),
        staleTime: 0,
      });
      const job = jobs.find((j) => j.id === jobId);
      if (job && !job.processed && !job.error_message) continue;
    } catch {
      return; // signed out or offline: nothing to refresh
    }
    await Promise.all([refreshContactViews(), queryClient.invalidateQueries({ queryKey: conversationsKey })]);
    return;
  }
}
