import { NotesAssistant } from '@client/features/assistant';
import { registerContactDialogs } from '@client/features/contacts';
import { registerTabPanels } from '@client/features/dashboard';
import { EmailIntegrationDialog, EmailProcessingDialog } from '@client/features/email';
import { ImportCsvDialog } from '@client/features/imports';
import { GeofenceCard } from '@client/features/location';
import { dashboardPanels } from './dashboard-panels';

/**
 * Wires features that show each other's screens, once, before the first render: the dashboard's tab
 * panels, and the dialogs and card the contacts screens open. Features never import each other for this.
 */
export function registerFeatures(): void {
  registerTabPanels(dashboardPanels);
  registerContactDialogs({
    emailProcessing: EmailProcessingDialog,
    emailIntegration: EmailIntegrationDialog,
    importCsv: ImportCsvDialog,
    geofenceCard: GeofenceCard,
    notesAssistant: NotesAssistant,
  });
}
