'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { usePendingConfirm } from '@/lib/state/confirm';

// The dialog (and Radix) load with the first question asked, not with every page.
const ConfirmDialog = dynamic(() => import('./ConfirmDialog').then((module) => module.ConfirmDialog), { ssr: false });

export function ConfirmHost() {
  const pending = usePendingConfirm();
  // Loaded when first asked for, then kept (set while rendering: React's way to follow a change).
  const [wanted, setWanted] = useState(false);
  if (pending && !wanted) setWanted(true);
  return wanted ? <ConfirmDialog /> : null;
}
