import { selectTriggerClassName } from '@client/components/ui/select-trigger-class';
import { cn } from '@client/lib/utils';
import { isLocale, localeNames } from '@domain/locales';
import { useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { LocaleFace, type LocaleSwitcherProps } from './locale-face';

const LocaleMenu = lazy(() => import('./locale-menu').then((m) => ({ default: m.LocaleMenu })));

/** The keys that open a closed select (Radix's, besides Enter and Space, which click a button). */
const openKeys = new Set(['ArrowDown', 'ArrowUp']);

/**
 * The language menu: each language named in itself; the choice is kept (see useLocale). Until it is first
 * opened it is drawn as the closed select it will be, so the page loads Radix's Select (about 12 KB gzip)
 * only when someone picks a language (ADR 0010); then the menu opens where it was asked for.
 */
export function LocaleSwitcher({ className, id, isCompact = false }: LocaleSwitcherProps) {
  const { t, i18n } = useLingui();
  const [isOpened, setIsOpened] = useState(false);
  const closed = (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-expanded="false"
      aria-autocomplete="none"
      aria-label={t`Language`}
      data-state="closed"
      className={cn(selectTriggerClassName, className ?? 'h-9 w-auto gap-1.5')}
      onClick={() => setIsOpened(true)}
      onKeyDown={(event) => {
        if (!openKeys.has(event.key)) return;
        event.preventDefault();
        setIsOpened(true);
      }}
    >
      <LocaleFace isCompact={isCompact}>
        <span style={{ pointerEvents: 'none' }}>
          {isLocale(i18n.locale) ? localeNames[i18n.locale] : null}
        </span>
      </LocaleFace>
      <ChevronDown className="h-4 w-4 opacity-50" aria-hidden="true" />
    </button>
  );
  if (!isOpened) return closed;
  return (
    <Suspense fallback={closed}>
      <LocaleMenu className={className} id={id} isCompact={isCompact} defaultOpen />
    </Suspense>
  );
}
