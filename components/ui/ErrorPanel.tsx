import { cx } from './cx';

/**
 * Server messages above a form (docs/product/validation.md#how-fields-are-judged); renders nothing for an empty list. A notice (the
 * server accepted the request and says what happens next) is not dressed as an error.
 */
export function ErrorPanel({ messages, notice = false }: { messages: readonly string[] | null | undefined; notice?: boolean }) {
  if (!messages?.length) return null;
  return (
    <div
      role={notice ? 'status' : 'alert'}
      className={cx(
        'rounded-md border px-4 py-3 text-sm',
        notice ? 'border-brand-100 bg-brand-50 text-brand-900' : 'border-warn-600 bg-red-50 text-warn-700',
      )}
    >
      <ul className="space-y-1">
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
