'use client';

import dynamic from 'next/dynamic';
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
function PlainMenuButton({ testId, ...props }: PlainMenuButtonProps) {
  return <button type="button" aria-haspopup="menu" aria-expanded={false} data-testid={testId} {...props} />;
}

/**
 * A menu whose popup (Radix, with its positioning code) loads on first use: until then the
 * button is plain, and pointing at or focusing it starts the download.
 */
export function lazyMenu(
  loadPopup: () => Promise<ComponentType<PopupProps>>,
  { testId, className, Face }: { testId: string; className: string; Face: ComponentType },
) {
  const plain = (props: Omit<PlainMenuButtonProps, 'testId' | 'className' | 'children'> = {}) => (
    <PlainMenuButton testId={testId} className={className} {...props}>
      <Face />
    </PlainMenuButton>
  );
  const Popup = dynamic(loadPopup, { ssr: false, loading: () => plain() });
  const preload = () => void loadPopup();
  return function LazyMenu() {
    const [opened, setOpened] = useState<PopupProps | null>(null);
    if (opened) return <Popup {...opened} />;
    // A click from Enter or Space has no pointer position: detail 0.
    return plain({ onClick: (event) => setOpened({ openedByKeyboard: event.detail === 0 }), onPointerEnter: preload, onFocus: preload });
  };
}
