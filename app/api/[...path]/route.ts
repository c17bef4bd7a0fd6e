import { forwardToBackend } from '@/server/api-forwarder';

/**
 * Every /api/* call goes to the backend: over HTTP to BACKEND_URL when it is set, otherwise
 * to the Hono app in this process. Status, headers and cookies pass through untouched.
 * (The one place outside server/ that imports it.)
 */
export const dynamic = 'force-dynamic';

export const GET = forwardToBackend;
export const HEAD = forwardToBackend;
export const POST = forwardToBackend;
export const PUT = forwardToBackend;
export const PATCH = forwardToBackend;
export const DELETE = forwardToBackend;
export const OPTIONS = forwardToBackend;
