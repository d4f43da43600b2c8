/** What the data-collection area offers: its routes (user integration, data collection) and its job. */
export { collectJobDefinition, stopCollectionsAfterRestore } from './collection-job.js';
export { dataCollectionRoutes } from './routes.js';
