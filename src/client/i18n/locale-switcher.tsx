import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { isLocale, localeNames, locales } from '@domain/locales';
import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { useLocale } from './use-locale';

/** The language menu: each language named in itself; the choice is kept (see useLocale). */
export function LocaleSwitcher({ className, id }: { className?: string; id?: string }) {
  const { t } = useLingui();
  const { locale, setLocale } = useLocale();
  return (
    <Select value={locale} onValueChange={(value) => isLocale(value) && void setLocale(value)}>
      <SelectTrigger id={id} aria-label={t`Language`} className={className ?? 'h-9 w-auto gap-1.5'}>
        <Languages className="h-4 w-4 shrink-0" aria-hidden="true" />
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {locales.map((code) => (
          <SelectItem key={code} value={code} lang={code} dir="auto">
            {localeNames[code]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
