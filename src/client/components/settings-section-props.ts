import type { CurrentUser } from '@client/lib/use-auth';

/**
 * What the settings page hands every section. It lives here, not in the settings feature, because the
 * features whose sections the settings page shows need the type and features do not import each other for it.
 */
export interface SettingsSectionProps {
  user: CurrentUser;
  /** Admins and owners manage members, websites and billing; the server enforces it either way. */
  canManage: boolean;
}
