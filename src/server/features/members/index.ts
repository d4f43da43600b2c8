export { memberRoutes } from './routes.js';
export {
  acceptInvite,
  addWorkspaceOwner,
  joinWorkspaceByInvite,
  listMembers,
  transferOwnership,
} from './service.js';
