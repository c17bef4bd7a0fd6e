'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import { useRouter } from 'next/navigation';
import { localizedPath } from '@/i18n/language-choice';
import { locales, type AppLocale } from '@/i18n/routing';
import { storeLanguage } from '@/lib/language-preference';
import { LanguageButtonFace, languageButtonClass } from './LanguageButtonFace';
import type { PopupProps } from './lazy-menu';
import { menuItemFocusRing, useFirstItemFocus } from './menu-focus';
import { useShellLocale, useShellPathname, useShellText } from './shell-i18n';

/** The language choice (docs/product/languages-and-routing.md#languages); the shell leaves it out in production. Loaded on first use. */
export function LanguageMenuPopup(props: PopupProps) {
  const t = useShellText();
  const firstItemFocus = useFirstItemFocus(props);
  const locale = useShellLocale();
  const pathname = useShellPathname();
  const router = useRouter();

  function choose(next: AppLocale) {
    storeLanguage(next);
    // The same place on the page in the other language: the anchors are the same in every language.
    router.replace(localizedPath(next, pathname) + window.location.search + window.location.hash);
  }

  return (
    <Menu.Root modal={false} defaultOpen>
      <Menu.Trigger data-testid="language-menu" className={languageButtonClass}>
        <LanguageButtonFace />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          {...firstItemFocus}
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <Menu.RadioGroup value={locale} onValueChange={(value) => choose(value as AppLocale)}>
            {locales.map((option) => (
              <Menu.RadioItem
                key={option}
                value={option}
                lang={option}
                className={`cursor-pointer rounded px-3 py-2 text-sm data-[highlighted]:bg-brand-50 data-[state=checked]:font-semibold ${menuItemFocusRing}`}
              >
                {t(`shell.languages.${option}`)}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
