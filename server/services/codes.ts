import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { verificationCodes } from '../db/schema';
import { newVerificationCode, sha256 } from './crypto';

export const codeLifetimeMs = 15 * 60_000;
export const codeMaxAttempts = 5;

type Purpose = (typeof verificationCodes.$inferSelect)['purpose'];
type Writer = Pick<Db, 'insert' | 'update' | 'select'>;

/**
 * The open code of this purpose, address and owner. The owner matters for an email change: two
 * users may ask for the same new address, and one must not cancel or use the other's code.
 */
const openCodeOf = (purpose: Purpose, email: string, userId: string | null) =>
  and(
    eq(verificationCodes.purpose, purpose),
    eq(verificationCodes.email, email),
    userId === null ? isNull(verificationCodes.userId) : eq(verificationCodes.userId, userId),
    isNull(verificationCodes.consumedAt),
  );

/** Replaces the open code for this purpose, address and owner with a new one; returns it for the mail. */
export async function issueCode(db: Writer, clock: Clock, purpose: Purpose, email: string, userId: string | null): Promise<string> {
  const code = newVerificationCode();
  const now = clock.now();
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(openCodeOf(purpose, email, userId));
  await db.insert(verificationCodes).values({
    purpose,
    email,
    userId,
    codeHash: sha256(code),
    expiresAt: new Date(now.getTime() + codeLifetimeMs),
  });
  return code;
}

export type CodeCheck = 'valid' | 'wrong' | 'expired';

/** Checks a typed code; each wrong try counts, and the fifth one uses the code up. */
export async function consumeCode(db: Writer, clock: Clock, purpose: Purpose, email: string, code: string, userId: string | null): Promise<CodeCheck> {
  const [open] = await db
    .select()
    .from(verificationCodes)
    .where(openCodeOf(purpose, email, userId))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const now = clock.now();
  if (!open || open.expiresAt <= now || open.attempts >= codeMaxAttempts) return 'expired';
  if (open.codeHash !== sha256(code.trim().toUpperCase())) {
    const attempts = open.attempts + 1;
    await db
      .update(verificationCodes)
      .set({ attempts, consumedAt: attempts >= codeMaxAttempts ? now : null })
      .where(eq(verificationCodes.id, open.id));
    return attempts >= codeMaxAttempts ? 'expired' : 'wrong';
  }
  await db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, open.id));
  return 'valid';
}
