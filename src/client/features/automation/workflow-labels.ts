import type { WorkflowStatus } from '@domain/automation/workflow-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const workflowStatusLabels: Record<WorkflowStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  active: msg`Active`,
  paused: msg`Paused`,
};
