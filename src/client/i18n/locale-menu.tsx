import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { isLocale, localeNames, locales } from '@domain/locales';
import { useLingui } from '@lingui/react/macro';
import { LocaleFace, type LocaleSwitcherProps } from './locale-face';
import { useLocale } from './use-locale';

/** The language menu itself (Radix Select), loaded by `LocaleSwitcher` when it is first opened. */
export function LocaleMenu({
  className,
  id,
  isCompact = false,
  defaultOpen,
}: LocaleSwitcherProps & { defaultOpen?: boolean }) {
  const { t } = useLingui();
  const { locale, setLocale } = useLocale();
  return (
    <Select
      value={locale}
      defaultOpen={defaultOpen}
      onValueChange={(value) => isLocale(value) && void setLocale(value)}
    >
      <SelectTrigger id={id} aria-label={t`Language`} className={className ?? 'h-9 w-auto gap-1.5'}>
        <LocaleFace isCompact={isCompact}>
          <SelectValue />
        </LocaleFace>
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
