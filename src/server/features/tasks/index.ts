/*
 * The tasks area's public file (ADR 0008): its routes and jobs, the one way to create a task (workflows'
 * "create task" step), the cause-keyed calls findings and incidents make, and the restore's hold.
 */
export { taskJobs } from './jobs.js';
export { taskRoutes } from './routes.js';
export {
  closeTasksForCauses,
  createTask,
  ensureTaskForCause,
  holdRemindersAfterRestore,
  openCauseKeys,
  tasksOfCauses,
} from './service.js';
