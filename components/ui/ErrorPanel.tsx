/** Server errors above a form (spec §8); renders nothing for an empty list. */
export function ErrorPanel({ messages }: { messages: readonly string[] | null | undefined }) {
  if (!messages?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-warn-600 bg-red-50 px-4 py-3 text-sm text-warn-700">
      <ul className="space-y-1">
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
