import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import type { Task } from '@domain/tasks/task-schemas';

/** Whether the signed-in member may change a task: admins any, members theirs (created or owned), as the server rules. */
export function useCanChangeTask(): (task: Task) => boolean {
  const { user } = useAuth();
  return (task) =>
    Boolean(
      user &&
        hasRole(user.role, 'member') &&
        (hasRole(user.role, 'admin') || task.ownerId === user.id || task.createdBy === user.id),
    );
}
