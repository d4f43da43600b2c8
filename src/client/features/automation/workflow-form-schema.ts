import { checkedByServer } from '@client/lib/form';
import {
  type Condition,
  type ExitRules,
  type Step,
  type Trigger,
  type WorkflowCreateInput,
  type WorkflowDetail,
  workflowCreateSchema,
  workflowStatuses,
  workflowUpdateSchema,
} from '@domain/automation/workflow-schemas';
import { z } from 'zod';

/**
 * What the builder holds. The trigger and each step are edited whole (their fields depend on their type),
 * the conditions made through the API are kept as they are; the server's schema checks all of it.
 */
const workflowFormFields = z.object({
  name: z.string(),
  description: z.string(),
  status: z.enum(workflowStatuses),
  trigger: z.custom<Trigger>(),
  conditions: z.array(z.custom<Condition>()),
  steps: z.array(z.custom<Step>()),
  exitRules: z.custom<ExitRules | null>(),
});
export type WorkflowFormValues = z.infer<typeof workflowFormFields>;

export function workflowFormValues(workflow: WorkflowDetail | undefined): WorkflowFormValues {
  return {
    name: workflow?.name ?? '',
    description: workflow?.description ?? '',
    status: workflow?.status ?? 'draft',
    trigger: workflow?.trigger ?? { type: 'contact_created' },
    conditions: workflow?.conditions ?? [],
    steps: workflow?.steps ?? [],
    exitRules: workflow?.exitRules ?? null,
  };
}

/** The builder's schema: the server's create or update schema checks what the builder would send. */
export function workflowFormSchema(isNew: boolean) {
  return checkedByServer(
    workflowFormFields,
    isNew ? workflowCreateSchema : workflowUpdateSchema,
    (values): WorkflowCreateInput => values,
  );
}
