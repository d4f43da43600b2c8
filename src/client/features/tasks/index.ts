import { lazy } from 'react';

/** /tasks: my tasks, and everyone's for admins. */
export const TasksPage = lazy(() => import('./tasks-page').then((m) => ({ default: m.TasksPage })));
/** A record's tasks with "Add task" (the contact details; a deal's). */
export const RelatedTasks = lazy(() => import('./related-tasks').then((m) => ({ default: m.RelatedTasks })));
/** The sidebar's count of my tasks due today or overdue. */
export { TaskCountBadge } from './task-count-badge';
/** The command palette: tasks by title, and the link that opens one. */
export { taskHref, useTaskSearch } from './tasks-api';
