import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Hourglass } from 'lucide-react';

/** A tab whose panel is not part of this release yet: say so plainly rather than show sample figures. */
export function ComingLaterPanel({ tabLabel, onBack }: { tabLabel: MessageDescriptor; onBack: () => void }) {
  const { i18n } = useLingui();
  const label = i18n._(tabLabel);
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
        <div className="flex h-12 w-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Hourglass className="h-6 w-6" />
        </div>
        <h2 className="text-lg font-semibold">
          <Trans>{label} is coming with a later release</Trans>
        </h2>
        <p className="max-w-sm text-sm text-muted-foreground">
          <Trans>
            This part of the hub is not available in your workspace yet. Everything else keeps working in the
            meantime.
          </Trans>
        </p>
        <Button variant="outline" onClick={onBack}>
          <Trans>Back to dashboard</Trans>
        </Button>
      </CardContent>
    </Card>
  );
}
