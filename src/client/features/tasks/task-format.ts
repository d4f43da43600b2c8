import { isTaskDue, type Task } from '@domain/tasks/task-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { endOfToday } from './tasks-api';

/** When the owner is reminded, as the form offers it: the reminder is stored as the instant it names. */
export const reminderChoices = ['due', 'hour', 'day', 'none'] as const;
export type ReminderChoice = (typeof reminderChoices)[number];

export const reminderChoiceNames: Record<ReminderChoice, MessageDescriptor> = {
  due: msg`At the due time`,
  hour: msg`1 hour before`,
  day: msg`1 day before`,
  none: msg`No reminder`,
};

const before: Record<Exclude<ReminderChoice, 'none'>, number> = { due: 0, hour: 3_600_000, day: 86_400_000 };

/** The reminder's instant for a due instant, or null (no reminder, or nothing to be reminded of). */
export function remindAtFor(choice: ReminderChoice, dueAt: string | null): string | null {
  if (choice === 'none' || !dueAt) return null;
  return new Date(new Date(dueAt).getTime() - before[choice]).toISOString();
}

/** The choice a stored reminder was made with; one set some other way (the API) reads as the due time. */
export function reminderChoiceOf(task: Pick<Task, 'dueAt' | 'remindAt'> | undefined): ReminderChoice {
  if (!task?.dueAt) return 'due';
  if (!task.remindAt) return 'none';
  const gap = new Date(task.dueAt).getTime() - new Date(task.remindAt).getTime();
  return (Object.entries(before).find(([, ms]) => ms === gap)?.[0] as ReminderChoice | undefined) ?? 'due';
}

/** Overdue (its time has passed), due (today, or its reminder fired), or neither. */
export function dueState(task: Task, now = new Date()): 'overdue' | 'due' | null {
  if (task.status !== 'open') return null;
  if (task.dueAt && new Date(task.dueAt) < now) return 'overdue';
  return isTaskDue(task, endOfToday(now)) ? 'due' : null;
}
