import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { isLocale, localeNames, locales } from '@domain/locales';
import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { useLocale } from './use-locale';

/**
 * The language menu: each language named in itself; the choice is kept (see useLocale). `isCompact` shows
 * only the icon on phones, where a header has no room for the name (the trigger keeps its label). The name is
 * visually hidden rather than `hidden`: the trigger's line clamp would override `display: none`.
 */
export function LocaleSwitcher({
  className,
  id,
  isCompact = false,
}: {
  className?: string;
  id?: string;
  isCompact?: boolean;
}) {
  const { t } = useLingui();
  const { locale, setLocale } = useLocale();
  return (
    <Select value={locale} onValueChange={(value) => isLocale(value) && void setLocale(value)}>
      <SelectTrigger id={id} aria-label={t`Language`} className={className ?? 'h-9 w-auto gap-1.5'}>
        <Languages className="h-4 w-4 shrink-0" aria-hidden="true" />
        {isCompact ? (
          <span className="sr-only sm:not-sr-only">
            <SelectValue />
          </span>
        ) : (
          <SelectValue />
        )}
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
