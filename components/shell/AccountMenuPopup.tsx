'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { isProduction } from '@/lib/config';
import { isLoggedIn, useAppState } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { confirm } from '@/lib/state/confirm';
import { endSession } from '@/lib/state/session-actions';
import { AccountButtonFace, menuButtonClass } from './AccountButtonFace';
import type { PopupProps } from './lazy-menu';
import { menuItemFocusRing, useFirstItemFocus } from './menu-focus';
import { useLocalePath, useShellText } from './shell-i18n';

const itemClass = `block w-full cursor-pointer rounded px-3 py-2 text-left text-sm text-slate-800 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 ${menuItemFocusRing}`;

function MenuLink({ href, children }: { href: string; children: ReactNode }) {
  const localePath = useLocalePath();
  return (
    <Menu.Item asChild className={itemClass}>
      <Link href={localePath(href)}>{children}</Link>
    </Menu.Item>
  );
}

/** The account menu (docs/product/pages.md#account-menu), for both states; app links hidden in production. Loaded on first use. */
export function AccountMenuPopup(props: PopupProps) {
  const t = useShellText();
  const firstItemFocus = useFirstItemFocus(props);
  const router = useRouter();
  const localePath = useLocalePath();
  const session = useAppState((state) => state.sessionInfo);
  const loggedIn = useAppState(isLoggedIn);
  const checked = useAppState((state) => state.sessionChecked);
  const name = session?.DisplayName || session?.UserName;

  async function onLogout() {
    if (!(await confirm({ titleKey: 'dialog.confirmLogoutTitle', messageKey: 'dialog.confirmLogoutMessage' }))) return;
    await endSession();
    router.push(localePath('/'));
  }

  return (
    <Menu.Root modal={false} defaultOpen>
      <Menu.Trigger data-testid="account-menu" className={menuButtonClass}>
        <AccountButtonFace />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          {...firstItemFocus}
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg data-[state=open]:animate-fade-in"
        >
          {loggedIn ? (
            <>
              <Menu.Label className="truncate px-3 py-2 text-xs font-semibold text-slate-600">{name}</Menu.Label>
              <MenuLink href="/account/settings">{t('shell.settings')}</MenuLink>
              <MenuLink href="/account/billing">{t('shell.billing')}</MenuLink>
            </>
          ) : (
            <>
              <Menu.Item className={itemClass} disabled={!checked} onSelect={() => openAuthDialog('login')}>
                {t('shell.login')}
              </Menu.Item>
              <Menu.Item className={itemClass} disabled={!checked} onSelect={() => openAuthDialog('signup')}>
                {t('shell.signUp')}
              </Menu.Item>
            </>
          )}
          {!isProduction && (
            <>
              <Menu.Separator className="my-1 h-px bg-slate-200" />
              <MenuLink href="/solutions/pdf">{t('shell.pdfApp')}</MenuLink>
              <MenuLink href="/solutions/health">{t('shell.healthApp')}</MenuLink>
            </>
          )}
          {loggedIn && (
            <>
              <Menu.Separator className="my-1 h-px bg-slate-200" />
              <Menu.Item className={itemClass} onSelect={() => void onLogout()}>
                {t('shell.logout')}
              </Menu.Item>
            </>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
