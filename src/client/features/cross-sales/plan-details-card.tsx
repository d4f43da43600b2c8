import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import type { PlanItem } from '@domain/cross-sales/cross-sales-schemas';
import { Trans } from '@lingui/react/macro';

/** A plan item's details: audience, steps, and the button that moves it to its next status. */
export function PlanDetailsCard(props: {
  item: PlanItem;
  canWrite: boolean;
  pending: boolean;
  onAdvance: () => void;
  onClose: () => void;
}) {
  const { item } = props;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{item.title}</CardTitle>
        <CardDescription>{item.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>
          <Trans>Target audience: {item.targetAudience}</Trans>
        </p>
        <ol className="list-decimal space-y-1 ps-5">
          {item.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          {item.status !== 'Completed' && (
            <Button onClick={props.onAdvance} disabled={!props.canWrite || props.pending}>
              {item.status === 'Not Started' ? (
                <Trans>Mark as Started</Trans>
              ) : (
                <Trans>Mark as Completed</Trans>
              )}
            </Button>
          )}
          <Button variant="outline" onClick={props.onClose}>
            <Trans>Close Details</Trans>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
