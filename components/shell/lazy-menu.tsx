'use client';

import { useRef, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';

/** What a lazily loaded menu popup is told: whether the keyboard opened it. */
export interface PopupProps {
  openedByKeyboard: boolean;
}

/**
 * A menu button whose popup (Radix, with its positioning code) loads on first use: until
 * then the button is plain, and pointing at or focusing it starts the download.
 */
export function LazyMenu({
  popup: Popup,
  preload,
  button,
}: {
  popup: ComponentType<PopupProps>;
  preload: () => void;
  button: (props: { onClick: (event: MouseEvent) => void; onPointerEnter: () => void; onFocus: () => void }) => ReactNode;
}) {
  const [opened, setOpened] = useState<PopupProps | null>(null);
  if (opened) return <Popup {...opened} />;
  // A click from Enter or Space has no pointer position: detail 0.
  return button({ onClick: (event) => setOpened({ openedByKeyboard: event.detail === 0 }), onPointerEnter: preload, onFocus: preload });
}

/**
 * For the popup's Menu.Content. Radix moves the focus to the first item when the keyboard
 * opens a menu, but it learns of the keyboard from a keydown it listens for once mounted, and
 * the key that opened a lazy menu came before: so the first item is focused here.
 */
export function useFirstItemFocus({ openedByKeyboard }: PopupProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onOpenAutoFocus = (event: Event) => {
    if (!openedByKeyboard) return;
    event.preventDefault();
    ref.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
  };
  return { ref, onOpenAutoFocus };
}
