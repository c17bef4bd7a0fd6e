import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { MessagePath } from '@/i18n/messages';
import { MoreShellTexts } from './shell-i18n';
import { flattenMessages, pickMessages } from './shell-messages';

/**
 * For a page's island whose texts need no ICU runtime (plain {name} arguments): they join the
 * shell's dictionary in the browser, so a public page ships no i18n library (less script to load and run), and the
 * page carries only what the layout did not already send.
 */
export async function PageTexts({ paths, children }: { paths: readonly MessagePath[]; children: ReactNode }) {
  const texts = flattenMessages(pickMessages(await getMessages(), paths));
  return <MoreShellTexts texts={texts}>{children}</MoreShellTexts>;
}
