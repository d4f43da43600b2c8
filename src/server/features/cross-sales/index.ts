/** What the cross-sales area offers the others: its routes, and the matrix the ecosystem page shows. */
export { crossSalesRoutes } from './routes.js';
export { listMatrixEntries } from './service.js';
