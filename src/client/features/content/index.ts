import { lazy } from 'react';

/** The dashboard's content tab; the composition layer hands it the SEO Performance card. */
export const ContentPanel = lazy(() => import('./content-panel').then((m) => ({ default: m.ContentPanel })));
/** The dashboard header's Quick Publish. */
export const QuickPublishButton = lazy(() =>
  import('./quick-publish-button').then((m) => ({ default: m.QuickPublishButton })),
);
export { useContentSearch } from './content-api';
export { contentIntent, generateContentIntent } from './content-labels';
/** Settings → WordPress. */
export const WordpressSection = lazy(() =>
  import('./wordpress-section').then((m) => ({ default: m.WordpressSection })),
);
