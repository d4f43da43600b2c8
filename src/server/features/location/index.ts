/** What other features may use of the location area: its routes (the nearby search stays inside). */
export { locationRoutes } from './routes.js';
