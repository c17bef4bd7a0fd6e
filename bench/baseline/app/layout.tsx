import type { ReactNode } from 'react';

/** The framework floor: a bare App Router page of the same Next.js and React versions. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
