import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type LazyDialog = LazyExoticComponent<ComponentType<DialogProps>> | null;

/**
 * Dialogs other areas build (email, imports, location) are wired by file name: import.meta.glob
 * finds the file at build time, so the CRM panel works before they land and picks them up after.
 * Each loads lazily, on the panel's first render, in its own chunk.
 */
function optional(modules: Record<string, () => Promise<unknown>>, exportName: string): LazyDialog {
  const load = Object.values(modules)[0];
  if (!load) return null;
  return lazy(async () => ({
    default: ((await load()) as Record<string, ComponentType<DialogProps>>)[exportName],
  }));
}

export const EmailProcessingDialog = optional(
  import.meta.glob('../email/email-processing-dialog.tsx'),
  'EmailProcessingDialog',
);
export const EmailIntegrationDialog = optional(
  import.meta.glob('../email/email-integration-dialog.tsx'),
  'EmailIntegrationDialog',
);
export const ImportCsvDialog = optional(
  import.meta.glob('../imports/import-csv-dialog.tsx'),
  'ImportCsvDialog',
);
/** The geofence tracking card (spec 000 §2.6, built by the location area); takes no props. */
export const GeofenceCard = optional(
  import.meta.glob('../location/geofence-card.tsx'),
  'GeofenceCard',
) as LazyExoticComponent<ComponentType> | null;
