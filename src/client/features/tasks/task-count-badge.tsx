import { plural } from '@lingui/core/macro';
import { useTaskSummary } from './tasks-api';

/** The sidebar's count beside Tasks: my open tasks due today, overdue or reminded (none shows nothing). */
export function TaskCountBadge() {
  const summary = useTaskSummary();
  const due = summary.data?.due ?? 0;
  if (due === 0) return null;
  return (
    <span
      className="ms-auto rounded-full bg-destructive px-2 py-0.5 text-xs font-semibold text-destructive-foreground"
      data-testid="task-count"
    >
      <span aria-hidden="true">{due}</span>
      <span className="sr-only">{plural(due, { one: '# task due', other: '# tasks due' })}</span>
    </span>
  );
}
