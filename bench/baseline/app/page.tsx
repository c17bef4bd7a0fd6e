export const metadata = { title: 'Bare page', description: 'The framework floor for the benchmark.' };

export default function Page() {
  return (
    <main>
      <h1>Bare page</h1>
      <p>A static App Router page with no application code.</p>
    </main>
  );
}
