import type { CurrentUser } from '@client/lib/use-auth';
import type { ComponentType } from 'react';
import { ApiKeysSection } from '../api-keys/api-keys-section';
import { AppsSection } from '../ecosystem/apps-section';
import { BillingSection } from '../payments/billing-section';
import { SyncTokensSection } from '../phone-sync/sync-tokens-section';
import { MembersSection } from './members-section';
import { ProfileSection } from './profile-section';
import { WebsitesSection } from './websites-section';
import { WorkspaceSection } from './workspace-section';

export interface SettingsSectionProps {
  user: CurrentUser;
  /** Admins and owners manage members, websites and billing; the server enforces it either way. */
  canManage: boolean;
}

export interface SettingsSection {
  id: string;
  title: string;
  description: string;
  component: ComponentType<SettingsSectionProps>;
}

/**
 * The settings page, top to bottom. Another feature adds its section with ONE line, e.g.
 *   { id: 'billing', title: 'Plan & billing', description: '...', component: BillingSection },
 */
export const settingsSections: SettingsSection[] = [
  { id: 'profile', title: 'Profile', description: 'How you appear to your team.', component: ProfileSection },
  {
    id: 'workspace',
    title: 'Workspace',
    description: 'The business you are working in.',
    component: WorkspaceSection,
  },
  {
    id: 'websites',
    title: 'Websites',
    description: 'The sites this hub manages; they appear in the sidebar.',
    component: WebsitesSection,
  },
  {
    id: 'members',
    title: 'Team members',
    description: 'Who can access this workspace, and what they may do.',
    component: MembersSection,
  },
  {
    id: 'sync-tokens',
    title: 'Sync tokens',
    description: 'Tokens that let an iPhone Shortcut send contacts, calls and messages to this workspace.',
    component: SyncTokensSection,
  },
  {
    id: 'api-keys',
    title: 'API keys',
    description: 'Keys that let your scripts and integrations use the API as this workspace.',
    component: ApiKeysSection,
  },
  {
    id: 'billing',
    title: 'Plan & billing',
    description: 'Your plan, trial, renewal and the payments made.',
    component: BillingSection,
  },
  {
    id: 'ecosystem-apps',
    title: 'Ecosystem apps',
    description: 'Your family of apps: their sites, prices and the data endpoints the console collects from.',
    component: AppsSection,
  },
  // ↓ 'Plan & billing' (payments) and 'Sync tokens' (phone sync) go here.
];
