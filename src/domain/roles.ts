export const roles = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof roles)[number];

const rank: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** `member` writes workspace data; `admin` manages members, websites and billing. */
export function hasRole(actual: Role, required: Role): boolean {
  return rank[actual] >= rank[required];
}

export const roleLabels: Record<Role, string> = {
  owner: /*i18n*/ 'Owner',
  admin: /*i18n*/ 'Admin',
  member: /*i18n*/ 'Member',
  viewer: /*i18n*/ 'Viewer',
};
