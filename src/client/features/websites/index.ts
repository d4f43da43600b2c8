import { lazy } from 'react';

/** What other features use from websites: the list and its writes (the sidebar, filters, forms, settings). */
export {
  addWebsiteIntent,
  useCreateWebsite,
  useDeleteWebsite,
  useUpdateWebsite,
  useWebsites,
  websitesKey,
} from './websites-api';

/** The websites settings section. */
export const WebsitesSection = lazy(() =>
  import('./websites-section').then((m) => ({ default: m.WebsitesSection })),
);
