'use client';

import { useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';

/** What a lazily loaded menu popup is told: whether the keyboard opened it. */
export interface PopupProps {
  openedByKeyboard: boolean;
}

interface PlainMenuButtonProps {
  testId: string;
  className: string;
  children: ReactNode;
  onClick?: (event: MouseEvent) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}

/** The menu button before its popup has loaded (also shown while it loads). */
export function PlainMenuButton({ testId, ...props }: PlainMenuButtonProps) {
  return <button type="button" aria-haspopup="menu" aria-expanded={false} data-testid={testId} {...props} />;
}

/**
 * A menu button whose popup (Radix, with its positioning code) loads on first use: until
 * then the button is plain, and pointing at or focusing it starts the download.
 */
export function LazyMenu({ popup: Popup, preload, ...button }: { popup: ComponentType<PopupProps>; preload: () => void } & Omit<PlainMenuButtonProps, 'onClick' | 'onPointerEnter' | 'onFocus'>) {
  const [opened, setOpened] = useState<PopupProps | null>(null);
  if (opened) return <Popup {...opened} />;
  // A click from Enter or Space has no pointer position: detail 0.
  return <PlainMenuButton {...button} onClick={(event) => setOpened({ openedByKeyboard: event.detail === 0 })} onPointerEnter={preload} onFocus={preload} />;
}
