import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { Trans } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { TaskDetailsDialog } from './task-details-dialog';
import { type TaskAbout, TaskFormDialog } from './task-form-dialog';
import { TaskRows } from './task-parts';
import { useTaskList } from './tasks-api';

/** The tasks about one record (a contact, a deal), anyone's, open and done, with "Add task" for members. */
export function RelatedTasks({ about }: { about: TaskAbout }) {
  const { user } = useAuth();
  const canWrite = Boolean(user && hasRole(user.role, 'member'));
  const list = useTaskList({
    owner: 'all',
    status: 'all',
    contactId: about.contactId,
    dealId: about.dealId,
  });
  const [isAdding, setIsAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <section data-testid="related-tasks">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          <Trans>Tasks</Trans>
        </h3>
        {canWrite && (
          <Button variant="outline" size="sm" onClick={() => setIsAdding(true)}>
            <Plus />
            <Trans>Add task</Trans>
          </Button>
        )}
      </div>
      <QueryState
        query={list}
        loading={<Skeleton className="h-12" />}
        errorTitle={<Trans>The tasks could not be loaded.</Trans>}
        isEmpty={(data) => data.tasks.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            <Trans>No tasks yet</Trans>
          </p>
        }
      >
        {(data) => <TaskRows tasks={data.tasks} onOpen={(task) => setOpenId(task.id)} />}
      </QueryState>
      {isAdding && <TaskFormDialog about={about} onClose={() => setIsAdding(false)} />}
      {openId !== null && <TaskDetailsDialog taskId={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
