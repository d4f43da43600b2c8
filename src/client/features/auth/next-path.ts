/** Where to go after signing in or up: a path of this site only (never `//elsewhere`), else the dashboard. */
export function safeNextPath(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/dashboard';
}
