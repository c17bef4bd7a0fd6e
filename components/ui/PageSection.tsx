import type { ReactNode } from 'react';

export function PageSection({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-width py-10">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}
