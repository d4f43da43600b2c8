import { lazy } from 'react';

export const ContactsPage = lazy(() => import('./contacts-page').then((m) => ({ default: m.ContactsPage })));
/** /companies: the companies, and one company with its contacts and webhook endpoints' health. */
export const CompanyPage = lazy(() => import('./company-page').then((m) => ({ default: m.CompanyPage })));
/** The dashboard's CRM tab. */
export const CrmPanel = lazy(() => import('./crm-panel').then((m) => ({ default: m.CrmPanel })));
export { contactSourceName, contactStatusNames, contactTypeNames } from './contact-format';
/** The command palette: contact search, and the intent that opens a contact's details. */
export { contactIntent } from './contact-intent';
export { useContactSearch } from './contacts-api';
export { registerContactDialogs } from './optional-dialogs';
