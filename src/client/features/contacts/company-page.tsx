import { QueryState } from '@client/components/query-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { CompanyEndpoints } from '@client/features/webhooks';
import { contactDisplayName } from '@domain/contacts/names';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import { companyHref } from './company-href';
import { contactStatusNames } from './contact-format';
import { useCompanies, useCompany } from './contacts-api';

/**
 * /companies: the workspace's companies; `?id=` one company, its contacts and the webhook endpoints linked
 * to it with their delivery health (issue 33 §4).
 */
export function CompanyPage() {
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      {id > 0 ? <CompanyDetail id={id} /> : <CompanyList />}
    </main>
  );
}

function CompanyList() {
  const companies = useCompanies();
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">
        <Trans>Companies</Trans>
      </h1>
      <QueryState
        query={companies}
        loading={<Skeleton className="h-40" />}
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            <Trans>No companies yet: a contact's company becomes one.</Trans>
          </p>
        }
      >
        {(list) => (
          <ul className="divide-y rounded-md border">
            {list.map((company) => (
              <li key={company.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                <Link className="font-medium underline" href={companyHref(company.id)}>
                  {company.name}
                </Link>
                <span className="text-muted-foreground">{company.domain}</span>
                <span className="ms-auto text-muted-foreground">
                  <Plural value={company.contactCount} one="# contact" other="# contacts" />
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

function CompanyDetail({ id }: { id: number }) {
  const { i18n } = useLingui();
  const company = useCompany(id);
  return (
    <QueryState
      query={company}
      loading={<Skeleton className="h-40" />}
      errorTitle={<Trans>The company could not be loaded.</Trans>}
    >
      {(data) => (
        <>
          <div className="space-y-1">
            <Link className="text-sm underline" href="/companies">
              <Trans>All companies</Trans>
            </Link>
            <h1 className="text-2xl font-bold tracking-tight">{data.name}</h1>
            {data.domain && <p className="text-sm text-muted-foreground">{data.domain}</p>}
          </div>
          <section aria-labelledby="company-contacts" className="space-y-3">
            <h2 id="company-contacts" className="text-lg font-semibold">
              <Trans>Contacts</Trans>
            </h2>
            {data.contacts.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>No contacts at this company.</Trans>
              </p>
            ) : (
              <ul className="divide-y rounded-md border">
                {data.contacts.map((contact) => (
                  <li key={contact.id} className="flex flex-wrap gap-x-3 p-3 text-sm">
                    <span className="font-medium">{contactDisplayName(contact)}</span>
                    <span className="break-all text-muted-foreground">{contact.email}</span>
                    <span className="ms-auto text-muted-foreground">
                      {i18n._(contactStatusNames[contact.status])}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <CompanyEndpoints companyId={data.id} />
        </>
      )}
    </QueryState>
  );
}
