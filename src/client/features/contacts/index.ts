import { lazy } from 'react';

export const ContactsPage = lazy(() => import('./contacts-page').then((m) => ({ default: m.ContactsPage })));
/** The dashboard's CRM tab. */
export const CrmPanel = lazy(() => import('./crm-panel').then((m) => ({ default: m.CrmPanel })));
export { contactSourceName, contactStatusNames, contactTypeNames } from './contact-format';
export { registerContactDialogs } from './optional-dialogs';
