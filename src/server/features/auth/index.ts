export { passwordResetJob } from './password-service.js';
export { authRoutes } from './routes.js';
export { createEmptyWorkspaceIn } from './service.js';
