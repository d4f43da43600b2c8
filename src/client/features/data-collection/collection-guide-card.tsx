import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Trans } from '@lingui/react/macro';

/** How collection works, in four steps. */
export function CollectionGuideCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>How collection works</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-1 ps-5 text-sm">
          <li>
            <Trans>
              Each endpoint is fetched in the background: a JSON list, {'{"data": [...]}'} pages linked by
              "next", or CSV.
            </Trans>
          </li>
          <li>
            <Trans>
              Rows are mapped to contact fields, validated and matched by email, then phone, like a CSV
              import.
            </Trans>
          </li>
          <li>
            <Trans>
              New people become contacts with the app as source; known ones only get their blank fields
              filled.
            </Trans>
          </li>
          <li>
            <Trans>An endpoint that fails is reported with its reason; the others carry on.</Trans>
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
