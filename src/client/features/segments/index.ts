import { lazy } from 'react';

/** /segments: saved segments with live counts, their builder, members and who entered and left. */
export const SegmentsPage = lazy(() => import('./segments-page').then((m) => ({ default: m.SegmentsPage })));

/** The workspace's segments (campaign audiences and the workflow builder's segment triggers list them). */
export { useSegments } from './segments-api';
