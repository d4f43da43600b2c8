import { hasRole, type Role } from '@domain/roles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CurrentUser } from './use-auth';

/** Spec 000 §2.3: the full name, else the e-mail, else 'Administrator User'. */
export function userDisplayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'> | null): string {
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return fullName || user?.email || 'Administrator User';
}

/** Initials for an avatar without a picture: first letters of first and last name, else of the e-mail. */
export function userInitials(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'> | null): string {
  const fromName = `${user?.firstName?.[0] ?? ''}${user?.lastName?.[0] ?? ''}`.toUpperCase();
  return fromName || user?.email?.[0]?.toUpperCase() || 'AU';
}

/**
 * The sidebar footer's label under the name. Spec 000 §2.3/§6 labels the signed-in user 'Administrator',
 * which is true of owners and admins; members and viewers see their real role rather than a false title.
 */
export function sidebarRoleLabel(role: Role): MessageDescriptor {
  return hasRole(role, 'admin') ? msg`Administrator` : role === 'member' ? msg`Member` : msg`Viewer`;
}
