'use client';

import { useEffect } from 'react';

/** Tells the page whether a form has unsaved changes, and that it has none once it is gone. */
export function useReportDirty(dirty: boolean, onDirtyChange: (dirty: boolean) => void): void {
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
}
