'use client';

/** The least an error page can be: what Next.js adds to a page's client code for any `error.tsx`. */
export default function PageError({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <main>
      <h1>Something went wrong</h1>
      <button onClick={retry}>Try again</button>
    </main>
  );
}
