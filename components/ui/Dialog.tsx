'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { useId, useState, type ReactNode } from 'react';
import { cx } from './cx';
import { focusPageContent } from './focus-page-content';
import { keepsDialogsOpen } from './keeps-dialogs-open';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  children: ReactNode;
  /** Generic dialogs are 280–560 px wide; some name their own width (docs/product/pages.md#dialogs). */
  maxWidth?: number;
  /** Sign-up is not closed by a click on the backdrop (docs/product/accounts.md#sign-up-with-a-code). */
  closeOnBackdrop?: boolean;
  closeLabel?: string;
  icon?: ReactNode;
  footer?: ReactNode;
  /** The content is a message to read out with the title (a confirmation), not a form. */
  describedByContent?: boolean;
}

/** What the focus returns to: the focused element, or for an item of a menu (gone once the menu closes) the menu's button. */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const menuButton = menu?.id ? document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`) : null;
  return menuButton instanceof HTMLElement ? menuButton : active;
}

/** The one modal dialog: fades in over 150 ms and out over 75 ms (docs/product/pages.md#dialogs). */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
  maxWidth = 560,
  closeOnBackdrop = true,
  closeLabel,
  icon,
  footer,
  describedByContent = false,
}: DialogProps) {
  // Our dialogs open from state, not from a Radix Trigger, so Radix has nowhere to return
  // focus on close: it goes back to what had it when the dialog opened, if that still exists.
  // Noted while rendering the opening, before an autoFocus field inside takes the focus.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // Starts closed, so a dialog mounted already open (loaded on first use) notes its opener too.
  const [wasOpen, setWasOpen] = useState(false);
  const contentId = useId();
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(openerOf(document.activeElement));
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          aria-describedby={describedByContent ? contentId : undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // A dialog that replaced this one (login ⇄ sign-up) has its own focus: taking it away
            // would leave the focus behind the overlay and mark its first field touched.
            if (document.querySelector('[role="dialog"][data-state="open"]')) return;
            // The opener may be gone (a menu item, a button the result replaced): then the page's content.
            if (opener?.isConnected) opener.focus();
            else focusPageContent();
          }}
          onPointerDownOutside={(event) => {
            // A snack's Dismiss is not a click on the backdrop: the dialog and what was typed stay.
            const onSnack = event.target instanceof Element && event.target.closest(`[${keepsDialogsOpen}]`);
            if (!closeOnBackdrop || onSnack) event.preventDefault();
          }}
          style={{ maxWidth: `min(${maxWidth}px, calc(100vw - 2rem))` }}
          className={cx(
            'fixed top-1/2 left-1/2 z-50 w-full min-w-[280px] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl',
            'focus:outline-none data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in',
          )}
        >
          <div className="mb-4 flex items-start gap-3">
            {icon}
            <RadixDialog.Title className="flex-1 text-xl font-semibold">{title}</RadixDialog.Title>
            {closeLabel && (
              <RadixDialog.Close
                aria-label={closeLabel}
                className="rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </RadixDialog.Close>
            )}
          </div>
          <div id={contentId} className="max-h-[65vh] overflow-y-auto">
            {children}
          </div>
          {footer && <div className="mt-6 flex justify-end gap-2">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
