import { lazy } from 'react';

/** /forms: the workspace's lead forms, their builder, figures, hosted page, embed tag and answers. */
export const FormsPage = lazy(() => import('./forms-page').then((m) => ({ default: m.FormsPage })));

/** The analytics tab's card of the forms' figures over its range. */
export const FormsAnalyticsCard = lazy(() =>
  import('./forms-analytics-card').then((m) => ({ default: m.FormsAnalyticsCard })),
);

/** The workspace's forms (the workflow builder's 'form submitted' trigger lists them). */
export { useForms } from './forms-api';
