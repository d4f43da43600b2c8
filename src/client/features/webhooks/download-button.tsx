import { Button } from '@client/components/ui/button';
import { Download } from 'lucide-react';

/** A download link styled as a button; disabled (no link) for a reader who may not download. */
export function DownloadButton({ href, enabled, label }: { href: string; enabled: boolean; label: string }) {
  const content = (
    <>
      <Download aria-hidden="true" />
      {label}
    </>
  );
  return enabled ? (
    <Button asChild size="sm" variant="outline">
      <a href={href} download>
        {content}
      </a>
    </Button>
  ) : (
    <Button size="sm" variant="outline" disabled>
      {content}
    </Button>
  );
}
