import type { SegmentDefinition } from '@domain/segments/segment-schemas';
import { segmentDependencies } from '@domain/segments/segment-schemas';
import type { Tx } from '../../db/database.js';
import * as store from './store.js';

const demoSegments: { name: string; definition: SegmentDefinition }[] = [
  {
    name: 'Customers',
    definition: {
      match: 'all',
      conditions: [{ kind: 'field', field: 'status', op: 'equals', value: 'customer' }],
    },
  },
  {
    name: 'Open proposals',
    definition: { match: 'all', conditions: [{ kind: 'deal_stage', stage: 'proposal' }] },
  },
  {
    name: 'Engaged readers',
    definition: {
      match: 'any',
      conditions: [
        { kind: 'campaign', event: 'opened' },
        { kind: 'campaign', event: 'clicked' },
      ],
    },
  },
];

/** The demo's segments, built at once in the seeding transaction (the demo has a few hundred contacts). */
export async function seedDemoSegments(tx: Tx): Promise<void> {
  for (const { name, definition } of demoSegments) {
    const segment = await store.insertSegmentRow(tx, {
      name,
      definition,
      dependsOn: segmentDependencies(definition),
    });
    await store.buildMembership(tx, segment);
  }
}
