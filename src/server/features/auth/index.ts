export { passwordResetJob } from './password-service.js';
export { authRoutes } from './routes.js';
export { createEmptyWorkspaceIn, getCurrentUser } from './service.js';
export { productMail } from './sign-up-notice.js';
