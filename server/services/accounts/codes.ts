import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { verificationCodes } from '../../db/schema';
import { newVerificationCode, sha256 } from '../platform/crypto';

export const codeLifetimeMs = 15 * 60_000;
const codeMaxAttempts = 5;

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];
type Writer = Pick<Db, 'insert' | 'update' | 'select'>;

/**
 * The open code of this purpose, address and owner. The owner matters for an email change: two
 * users may ask for the same new address, and one must not cancel or use the other's code.
 */
const openCodeOf = (purpose: CodePurpose, email: string, userId: string | null) =>
  and(
    eq(verificationCodes.purpose, purpose),
    eq(verificationCodes.email, email),
    userId === null ? isNull(verificationCodes.userId) : eq(verificationCodes.userId, userId),
    isNull(verificationCodes.consumedAt),
  );

/** Replaces the open code for this purpose, address and owner with a new one; returns it for the mail. */
export async function issueCode(db: Writer, clock: Clock, purpose: CodePurpose, email: string, userId: string | null): Promise<string> {
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

/**
 * Checks a typed code; each wrong try counts, and the fifth one uses the code up. Every write
 * re-checks the row as it is then, so parallel tries can neither use one code twice nor get
 * more than five guesses between them.
 */
export async function consumeCode(
  db: Writer,
  clock: Clock,
  purpose: CodePurpose,
  email: string,
  code: string,
  userId: string | null,
): Promise<CodeCheck> {
  const [open] = await db
    .select()
    .from(verificationCodes)
    .where(openCodeOf(purpose, email, userId))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const now = clock.now();
  if (!open || open.expiresAt <= now || open.attempts >= codeMaxAttempts) return 'expired';
  const stillOpen = and(
    eq(verificationCodes.id, open.id),
    isNull(verificationCodes.consumedAt),
    lt(verificationCodes.attempts, codeMaxAttempts),
  );
  if (open.codeHash !== sha256(code.trim().toUpperCase())) {
    const attempts = sql`${verificationCodes.attempts} + 1`;
    const [counted] = await db
      .update(verificationCodes)
      .set({ attempts, consumedAt: sql`case when ${attempts} >= ${codeMaxAttempts} then ${now.toISOString()}::timestamptz end` })
      .where(stillOpen)
      .returning({ attempts: verificationCodes.attempts });
    return counted && counted.attempts < codeMaxAttempts ? 'wrong' : 'expired';
  }
  const [used] = await db.update(verificationCodes).set({ consumedAt: now }).where(stillOpen).returning({ id: verificationCodes.id });
  return used ? 'valid' : 'expired';
}
