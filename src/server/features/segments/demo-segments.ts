import type { SegmentDefinition } from '@domain/segments/segment-schemas';
import { segmentDependencies } from '@domain/segments/segment-schemas';
import type { Tx } from '../../db/database.js';
import { buildBatchSize } from './service.js';
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
    let segment = await store.insertSegmentRow(tx, {
      name,
      definition,
      dependsOn: segmentDependencies(definition),
    });
    while ((await store.buildBatch(tx, segment, buildBatchSize)) === buildBatchSize) {
      const next = await store.lockSegmentRow(tx, segment.id);
      if (!next) return;
      segment = { ...next, definition };
    }
  }
}
