import type { WorkflowStatus } from '@domain/automation/workflow-schemas';
import { emailLinks } from '@domain/marketing/email-links';
import type { Tx } from '../../db/database.js';
import * as store from './store.js';

/** Every send-email step's body in a definition, branches' and splits' paths included. */
function emailBodies(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) emailBodies(item, into);
  else if (node && typeof node === 'object') {
    const step = node as Record<string, unknown>;
    if (step.type === 'send_email' && typeof step.body === 'string') into.push(step.body);
    for (const value of Object.values(step)) if (typeof value === 'object') emailBodies(value, into);
  }
  return into;
}

/** The workflows whose emails (current version) link to each of these URLs. */
export async function workflowsLinkingTo(
  tx: Tx,
  urls: string[],
): Promise<Map<string, { id: number; name: string; status: WorkflowStatus }[]>> {
  const wanted = new Set(urls);
  const result = new Map<string, { id: number; name: string; status: WorkflowStatus }[]>();
  if (wanted.size === 0) return result;
  for (const workflow of await store.workflowDefinitions(tx)) {
    const links = new Set(emailBodies(workflow.definition.steps).flatMap(emailLinks));
    for (const url of links)
      if (wanted.has(url))
        result.set(url, [
          ...(result.get(url) ?? []),
          { id: Number(workflow.id), name: workflow.name, status: workflow.status },
        ]);
  }
  return result;
}
