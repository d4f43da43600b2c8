/** What other features use from websites: the list and its writes (the sidebar, filters, forms, settings). */
export {
  addWebsiteIntent,
  useCreateWebsite,
  useDeleteWebsite,
  useUpdateWebsite,
  useWebsites,
  websitesKey,
} from './websites-api';
