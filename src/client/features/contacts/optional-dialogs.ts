import type { AssistantContact } from '@domain/assistant/assistant-schemas';
import type { ComponentType, LazyExoticComponent } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type LazyDialog = LazyExoticComponent<ComponentType<DialogProps>> | null;

/**
 * Dialogs other areas build (email, imports, location), handed in by the composition layer
 * (src/client/app/register-features.ts) before the first render, so contacts never imports those features.
 * Live bindings: the CRM panel and contact management read whatever was registered. Until then (or in a
 * build without the area) they are null and their buttons stay disabled.
 */
export let EmailProcessingDialog: LazyDialog = null;
export let EmailIntegrationDialog: LazyDialog = null;
export let ImportCsvDialog: LazyDialog = null;
/** The geofence tracking card (spec 000 §2.6); takes no props. */
export let GeofenceCard: LazyExoticComponent<ComponentType> | null = null;

export interface NotesAssistantProps {
  notes: string;
  contact: AssistantContact;
  onNotesChange: (notes: string) => void;
}
/** The assistant's suggestions under the contact form's notes field. */
export let NotesAssistant: LazyExoticComponent<ComponentType<NotesAssistantProps>> | null = null;

export function registerContactDialogs(dialogs: {
  emailProcessing: NonNullable<LazyDialog>;
  emailIntegration: NonNullable<LazyDialog>;
  importCsv: NonNullable<LazyDialog>;
  geofenceCard: LazyExoticComponent<ComponentType>;
  notesAssistant: NonNullable<typeof NotesAssistant>;
}): void {
  EmailProcessingDialog = dialogs.emailProcessing;
  EmailIntegrationDialog = dialogs.emailIntegration;
  ImportCsvDialog = dialogs.importCsv;
  GeofenceCard = dialogs.geofenceCard;
  NotesAssistant = dialogs.notesAssistant;
}
