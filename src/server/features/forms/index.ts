/*
 * The forms area's public file (ADR 0008): lead forms, their hosted page, the embed script and the public
 * endpoints visitors read and send. Submissions reach contacts through the contacts ingestion port and start
 * workflows through the contact events ('contact.form_submitted'); nothing else imports forms.
 */
export { formRoutes } from './routes.js';
