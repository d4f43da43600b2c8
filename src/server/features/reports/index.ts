/*
 * The reports area's public file (ADR 0008): its routes. Reports read other areas' tables directly, in the
 * workspace's transaction under row-level security (catalogue.ts), and import no other feature.
 */
export { reportRoutes } from './routes.js';
