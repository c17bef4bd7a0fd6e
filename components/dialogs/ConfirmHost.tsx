'use client';

import dynamic from 'next/dynamic';
import { usePendingConfirm } from '@/lib/state/confirm';
import { useLatched } from '../ui/use-latched';

// The dialog (and Radix) load with the first question asked, not with every page.
const ConfirmDialog = dynamic(() => import('./ConfirmDialog').then((module) => module.ConfirmDialog), { ssr: false });

export function ConfirmHost() {
  const wanted = useLatched(Boolean(usePendingConfirm()));
  return wanted ? <ConfirmDialog /> : null;
}
