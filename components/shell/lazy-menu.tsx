'use client';

import { useState, type ComponentType, type ReactNode } from 'react';

/**
 * A menu button whose popup (Radix, with its positioning code) loads on first use: until
 * then the button is plain, and pointing at or focusing it starts the download.
 */
export function LazyMenu({
  popup: Popup,
  preload,
  button,
}: {
  popup: ComponentType;
  preload: () => void;
  button: (props: { onClick: () => void; onPointerEnter: () => void; onFocus: () => void }) => ReactNode;
}) {
  const [active, setActive] = useState(false);
  if (active) return <Popup />;
  return button({ onClick: () => setActive(true), onPointerEnter: preload, onFocus: preload });
}
