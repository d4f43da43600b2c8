import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Switch } from '@client/components/ui/switch';
import { toastError } from '@client/lib/error-toast';
import { type Features, featureFlags } from '@domain/superhub/superhub-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { featureLabels } from './feature-labels';
import { useUpdateFeatures } from './superhub-api';

/** Features: the hub's feature flags, switched by owners and admins. */
export function FeaturesCard({ features, canWrite }: { features: Features; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const update = useUpdateFeatures();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Features</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {featureFlags.map((flag) => (
            <li key={flag} className="flex items-center justify-between gap-2 text-sm">
              <label htmlFor={`flag-${flag}`}>{i18n._(featureLabels[flag])}</label>
              <Switch
                id={`flag-${flag}`}
                checked={features[flag]}
                disabled={!canWrite || update.isPending}
                onCheckedChange={(checked) =>
                  update.mutate(
                    { [flag]: checked },
                    {
                      onError: (error) => toastError(t`Error`, error),
                    },
                  )
                }
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
