export const metadata = {
  title: 'Bare page with an error boundary',
  description: 'The framework floor for a page with its own error page.',
};

export default function Page() {
  return (
    <main>
      <h1>Bare page</h1>
      <p>A static App Router page with no application code, under its own error boundary.</p>
    </main>
  );
}
