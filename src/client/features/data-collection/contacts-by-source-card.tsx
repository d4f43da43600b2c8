import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { contactSourceName, contactStatusNames } from '@client/features/contacts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContactsBySource } from './data-collection-api';

/** Contacts by Source: the newest three contacts of each source and how many more. */
export function ContactsBySourceCard() {
  const bySource = useContactsBySource();
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Contacts by Source</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>The newest three contacts of each source.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState
          query={bySource}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>Contacts by source could not be loaded.</Trans>}
        >
          {(data) =>
            Object.entries(data).map(([source, { contacts, total }]) => (
              <section key={source} aria-label={contactSourceName(source)}>
                <h3 className="flex items-center gap-2 text-sm font-semibold">
                  {contactSourceName(source)} <Badge variant="outline">{total}</Badge>
                </h3>
                {contacts.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>No contacts from this source yet</Trans>
                  </p>
                ) : (
                  <ul className="text-sm">
                    {contacts.map((c) => (
                      <li key={c.id} className="flex min-w-0 gap-2">
                        <span className="shrink-0">{`${c.firstName} ${c.lastName}`.trim() || c.email}</span>
                        <span className="min-w-0 truncate text-muted-foreground">{c.email}</span>
                        <Badge variant="secondary" className="ms-auto">
                          {i18n._(contactStatusNames[c.status])}
                        </Badge>
                      </li>
                    ))}
                    {total > contacts.length && (
                      <li className="text-muted-foreground">
                        <Trans>+{total - contacts.length} more</Trans>
                      </li>
                    )}
                  </ul>
                )}
              </section>
            ))
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
