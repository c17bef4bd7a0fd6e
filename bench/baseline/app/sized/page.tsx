export const metadata = { title: 'Sized bare page', description: 'The bare page with as much HTML as a real page.' };

// Server-only markup as heavy as our static pages' HTML (the bench prints both sizes and warns
// when they drift apart): the floor for a page that carries that much.
const sections = Array.from({ length: 65 }, (_, i) => i);

export default function Page() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Sized bare page</h1>
      {sections.map((i) => (
        <section key={i} className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-xl font-semibold text-slate-900">Section {i}</h2>
          <p className="mt-2 text-base leading-relaxed text-slate-700">
            Plain static text of a typical paragraph, long enough to weigh what real copy weighs on a page.
          </p>
        </section>
      ))}
    </main>
  );
}
