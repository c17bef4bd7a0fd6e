'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { usePendingConfirm } from '@/lib/state/confirm';

// The dialog (and Radix) load with the first question asked, not with every page.
const ConfirmDialog = dynamic(() => import('./ConfirmDialog').then((module) => module.ConfirmDialog), { ssr: false });

export function ConfirmHost() {
  const pending = usePendingConfirm();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (pending) setWanted(true);
  }, [pending]);
  return wanted ? <ConfirmDialog /> : null;
}
