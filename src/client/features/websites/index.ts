import { lazy } from 'react';

/** The website chosen in the sidebar (`?site=`), for every screen it filters. */
export { siteIdOf, useSelectedWebsite, useSelectedWebsiteInUrl } from './use-selected-website';
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
