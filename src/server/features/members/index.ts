export { memberRoutes } from './routes.js';
export {
  acceptInvite,
  addWorkspaceOwner,
  checkInvite,
  joinWorkspaceByInvite,
  listMembers,
  transferOwnership,
} from './service.js';
