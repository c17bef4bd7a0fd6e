/** The framework's own floor for an API call: a bare Route Handler answering JSON. */
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ CartItemCount: 0, NotificationCount: 0 });
}
