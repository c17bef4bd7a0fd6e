import NextLink from 'next/link';
import { getLocale } from 'next-intl/server';
import type { ComponentProps } from 'react';
import { localizedPath } from '@/i18n/language-choice';
import type { AppLocale } from '@/i18n/routing';

/**
 * A link in a server component to a path of the site, in the page's language. Unlike
 * next-intl's Link it needs no locale context in the browser, so static pages that have no
 * island of their own ship no i18n runtime at all.
 */
export async function LocaleLink({ href, ...props }: Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string }) {
  const locale = (await getLocale()) as AppLocale;
  return <NextLink href={localizedPath(locale, href)} {...props} />;
}
