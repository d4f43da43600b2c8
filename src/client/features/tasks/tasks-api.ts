import { apiRequest, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  type TaskCreateInput,
  type TaskUpdateInput,
  taskCommentSchema,
  taskDetailSchema,
  type taskListQuerySchema,
  taskListSchema,
  taskSchema,
  taskSummarySchema,
} from '@domain/tasks/task-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

export type TaskQuery = Partial<z.output<typeof taskListQuerySchema>>;

function params(values: Record<string, string | number | undefined>): URLSearchParams {
  const result = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') result.set(key, String(value));
  return result;
}

const tasksKey = ['/api/tasks'] as const;

export function useTaskList(query: TaskQuery) {
  return useQuery({
    queryKey: [...tasksKey, query],
    queryFn: () => requestJson(taskListSchema, 'GET', `/api/tasks?${params(query)}`),
  });
}

/** The command palette's task search: open tasks, anyone's, whose title holds `text`. */
export function useTaskSearch(text: string, { enabled = true }: { enabled?: boolean } = {}) {
  const q = text.trim();
  return useQuery({
    queryKey: [...tasksKey, { owner: 'all', q, limit: 8 }],
    queryFn: () => requestJson(taskListSchema, 'GET', `/api/tasks?${params({ owner: 'all', q, limit: 8 })}`),
    enabled: enabled && q.length > 0,
    select: (list) => list.tasks,
  });
}

/** The Tasks screen with one task open (the command palette's link to a task). */
export const taskHref = (id: number) => `/tasks?task=${id}`;

export function useTask(id: number) {
  return useQuery({
    queryKey: [...tasksKey, id],
    queryFn: () => requestJson(taskDetailSchema, 'GET', `/api/tasks/${id}`),
  });
}

/** The end of the reader's today in their own time zone: the shell counts what is due by then. */
export function endOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, -1);
}

/**
 * The shell's count of my open tasks due today, overdue or reminded. Read again each minute, so a
 * reminder that fires while the screen is open shows without a reload.
 */
export function useTaskSummary() {
  return useQuery({
    queryKey: [...tasksKey, 'summary'],
    queryFn: () =>
      requestJson(
        taskSummarySchema,
        'GET',
        `/api/tasks/summary?${params({ dayEnd: endOfToday().toISOString() })}`,
      ),
    refetchInterval: 60_000,
  });
}

/** Every task read (lists, details, the shell's count) after any write. */
const refreshTaskViews = () => queryClient.invalidateQueries({ queryKey: tasksKey });

export function useCreateTask() {
  return useMutation({
    mutationFn: (input: TaskCreateInput) => requestJson(taskSchema, 'POST', '/api/tasks', input),
    onSuccess: refreshTaskViews,
  });
}

export function useUpdateTask() {
  return useMutation({
    mutationFn: ({ id, ...input }: TaskUpdateInput & { id: number }) =>
      requestJson(taskSchema, 'PATCH', `/api/tasks/${id}`, input),
    onSuccess: refreshTaskViews,
  });
}

export function useDeleteTask() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/tasks/${id}`),
    onSuccess: refreshTaskViews,
  });
}

export function useAddTaskComment(taskId: number) {
  return useMutation({
    mutationFn: (body: string) =>
      requestJson(taskCommentSchema, 'POST', `/api/tasks/${taskId}/comments`, { body }),
    onSuccess: refreshTaskViews,
  });
}
