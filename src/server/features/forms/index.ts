/*
 * The forms area's public file (ADR 0008): lead forms, their hosted page, the embed script and the public
 * endpoints visitors read and send. Submissions reach contacts through the contacts ingestion port and start
 * workflows through the contact events ('contact.form_submitted'). Site health reads submissions per page.
 */

export { submissionsByPage } from './page-conversions.js';
export { formRoutes } from './routes.js';
