'use client';

import { lazyMenu } from './lazy-menu';
import { LanguageButtonFace, languageButtonClass } from './LanguageButtonFace';

/** The language choice (docs/product/languages-and-routing.md#languages), hidden in production; its menu loads when first opened. */
export const LanguageMenu = lazyMenu(() => import('./LanguageMenuPopup').then((module) => module.LanguageMenuPopup), {
  testId: 'language-menu',
  className: languageButtonClass,
  Face: LanguageButtonFace,
});
