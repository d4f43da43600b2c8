import { lazy } from 'react';

/** /ai-demo: the contextual assistant over the demo workspace (spec 001 "AI assistant demo"). */
export const AiDemoPage = lazy(() => import('./ai-demo-page').then((m) => ({ default: m.AiDemoPage })));
/** The assistant panel under the contact form's notes field. */
export const NotesAssistant = lazy(() =>
  import('./notes-assistant').then((m) => ({ default: m.NotesAssistant })),
);
