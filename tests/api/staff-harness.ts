import { eq } from 'drizzle-orm';
import type { StaffRole } from '@/lib/contract/admin';
import { sessions, users } from '@/server/db/schema';
import { sha256 } from '@/server/services/platform/crypto';
import { SESSION_COOKIE } from '@/lib/contract/http';
import { uniqueEmail } from '../support/accounts';
import { newCustomer, type TestBackend, type TestClient } from './harness';

export interface StaffOptions {
  role?: StaffRole;
  /** Whether this session passed the second factor (set directly; the enrolment has its own tests). */
  secondFactor?: boolean;
  /** Whether the password was confirmed just now in this session. */
  passwordConfirmed?: boolean;
}

/** Gives an account a staff role, as `npm run staff` does. */
export async function grantRole(backend: TestBackend, email: string, role: StaffRole | null) {
  await backend.database.db.update(users).set({ role }).where(eq(users.email, email));
}

/** Marks the client's session as past the second factor and/or freshly password-confirmed. */
export async function markStaffSession(backend: TestBackend, client: TestClient, options: Omit<StaffOptions, 'role'>) {
  const token = client.cookie(SESSION_COOKIE);
  if (!token) throw new Error('the client has no session');
  const now = backend.clock.now();
  await backend.database.db
    .update(sessions)
    .set({
      secondFactorAt: options.secondFactor === false ? null : now,
      passwordConfirmedAt: options.passwordConfirmed ? now : null,
    })
    .where(eq(sessions.tokenHash, sha256(token)));
}

/** A signed-up account with a staff role whose session is ready for the console. */
export async function staffClient(backend: TestBackend, options: StaffOptions = {}): Promise<{ client: TestClient; email: string }> {
  const email = uniqueEmail('staff');
  const client = await newCustomer(backend, email);
  await grantRole(backend, email, options.role ?? 'staff');
  await markStaffSession(backend, client, {
    secondFactor: options.secondFactor ?? true,
    passwordConfirmed: options.passwordConfirmed ?? false,
  });
  return { client, email };
}
