import type { Tx } from '../../db/database.js';
import { listContacts } from '../contacts/index.js';
import { addComment, createTask, updateTask } from './service.js';

const hour = 3_600_000;

/**
 * The demo owner's tasks: one overdue, one due today, one next week and one done, about the first demo
 * contacts. None has a reminder: the demo's owner is no one's mailbox.
 */
export async function seedDemoTasks(tx: Tx, context: { ownerId: number; now?: Date }): Promise<void> {
  const now = context.now ?? new Date();
  const actor = { userId: context.ownerId, role: 'owner' as const };
  const { contacts } = await listContacts(tx, { sort: 'createdAt', dir: 'asc', limit: 4 });
  const plan = [
    { title: 'Send the workshop proposal', dueIn: -26 * hour },
    { title: 'Call back about the coaching package', dueIn: 3 * hour },
    { title: 'Prepare the keynote brief', dueIn: 7 * 24 * hour },
    { title: 'Confirm the certification dates', dueIn: -72 * hour },
  ];
  for (const [index, item] of plan.entries()) {
    const task = await createTask(
      tx,
      {
        title: item.title,
        description: '',
        dueAt: new Date(now.getTime() + item.dueIn).toISOString(),
        remindAt: null,
        contactId: contacts[index]?.id ?? null,
      },
      { actor },
    );
    if (index === plan.length - 1) {
      await addComment(tx, context.ownerId, task.id, 'Dates confirmed by email.');
      await updateTask({}, tx, actor, task.id, { status: 'done' });
    }
  }
}
