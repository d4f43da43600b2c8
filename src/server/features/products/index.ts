export { productRoutes } from './routes.js';
