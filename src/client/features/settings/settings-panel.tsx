import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { useLingui } from '@lingui/react/macro';
import type { SettingsSection } from './settings-sections';

export function SettingsPanel({ sections }: { sections: readonly SettingsSection[] }) {
  const { user } = useAuth();
  const { t } = useLingui();
  if (!user) return null;
  const canManage = hasRole(user.role, 'admin');
  return (
    <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[12rem_1fr]">
      <nav className="hidden lg:block" aria-label={t`Settings sections`}>
        <ul className="sticky top-24 space-y-1 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#settings-${section.id}`}
                className="block rounded-md px-3 py-2 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
              >
                {t(section.title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 space-y-6">
        {sections.map(({ id, title, description, component: Section }) => (
          <Card key={id} id={`settings-${id}`} className="scroll-mt-24">
            <CardHeader>
              <CardTitle>{t(title)}</CardTitle>
              <CardDescription>{t(description)}</CardDescription>
            </CardHeader>
            <CardContent>
              <Section user={user} canManage={canManage} />
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
