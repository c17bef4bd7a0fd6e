'use client';

import { lazyMenu } from './lazy-menu';
import { AccountButtonFace, menuButtonClass } from './AccountButtonFace';

/** The account menu (docs/product/pages.md#account-menu): the button is in every page, the menu itself loads when first opened. */
export const AccountMenu = lazyMenu(() => import('./AccountMenuPopup').then((module) => module.AccountMenuPopup), {
  testId: 'account-menu',
  className: menuButtonClass,
  Face: AccountButtonFace,
});
