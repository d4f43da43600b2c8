/** The workspace's segments (campaign audiences and the workflow builder's segment triggers list them). */
export { useSegments } from './segments-api';
