import { Button } from '@client/components/ui/button';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import type { ExportList } from '@domain/reports/report-schemas';
import { hasRole } from '@domain/roles';
import { Trans } from '@lingui/react/macro';
import { ChevronDown, Download } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { listExportHref } from './reports-api';

/**
 * A list screen's Export menu (issue 34 §4): CSV or Excel of the whole list, or of one campaign's recipients
 * or one endpoint's deliveries. Plain links: the browser streams the download from the server's cursor.
 * A disclosure (a button that shows two links) rather than an ARIA menu: the choices are links, and Tab
 * reaches them as it reaches any link. Members and above, as the server checks: a viewer sees no menu.
 */
export function ExportMenu({ list, narrow }: { list: ExportList; narrow?: Record<string, number> }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const button = useRef<HTMLButtonElement>(null);
  if (!user || !hasRole(user.role, 'member')) return null;
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="relative inline-block">
      <Button
        ref={button}
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={closeOnEscape}
      >
        <Download />
        <Trans>Export</Trans>
        <ChevronDown />
      </Button>
      <div
        id={panel}
        hidden={!open}
        className={cn(
          'absolute end-0 z-20 mt-1 min-w-32 flex-col rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
          open ? 'flex' : 'hidden',
        )}
      >
        {(['csv', 'xlsx'] as const).map((format) => (
          <a
            key={format}
            href={listExportHref(list, format, narrow)}
            download
            className="rounded px-2 py-1.5 text-sm hover:bg-accent focus-visible:bg-accent"
            onClick={() => setOpen(false)}
            onKeyDown={closeOnEscape}
          >
            {format === 'csv' ? <Trans>CSV</Trans> : <Trans>Excel</Trans>}
          </a>
        ))}
      </div>
    </div>
  );
}
