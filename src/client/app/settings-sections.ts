import { ApiKeysSection } from '@client/features/api-keys';
import { BillingSection } from '@client/features/payments';
import { SyncTokensSection } from '@client/features/phone-sync';
import {
  MembersSection,
  ProfileSection,
  type SettingsSection,
  WebsitesSection,
  WorkspaceSection,
} from '@client/features/settings';

/**
 * The settings page, top to bottom. A feature adds its section with ONE line here, its component exported
 * from the feature's index:
 *   { id: 'billing', title: 'Plan & billing', description: '...', component: BillingSection },
 */
export const settingsSections: readonly SettingsSection[] = [
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
];
