import { useRef } from 'react';
import type { PopupProps } from './lazy-menu';

// Apart from lazy-menu.tsx, which every page loads: only the popups, loaded on first use, need this.

/**
 * For the popup's Menu.Content. Radix moves the focus to the first item when the keyboard
 * opens a menu, but it learns of the keyboard from a keydown it listens for once mounted, and
 * the key that opened a lazy menu came before: so the first item is focused here. An item that
 * waits for the session check is focused too (menu items stay focusable while disabled, as
 * WAI-ARIA's menu pattern allows), so the focus is in the menu and turns usable in place.
 */
export function useFirstItemFocus({ openedByKeyboard }: PopupProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onOpenAutoFocus = (event: Event) => {
    if (!openedByKeyboard) return;
    event.preventDefault();
    ref.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
  };
  return { ref, onOpenAutoFocus };
}

/**
 * A menu item's focus ring: the pale highlight alone is too faint to find, so the item the
 * keyboard is on also gets an outline that stands out against white and the highlight alike.
 */
export const menuItemFocusRing = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600';
