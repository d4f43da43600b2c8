/** The runtime role: it owns nothing and cannot bypass row-level security. */
export const appRole = 'hub_app';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function asAppRole(ownerUrl: string, password: string): string {
  const u = new URL(ownerUrl);
  u.username = appRole;
  u.password = password;
  return u.toString();
}
