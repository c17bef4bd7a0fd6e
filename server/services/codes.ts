import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { verificationCodes } from '../db/schema';
import { newVerificationCode, sha256 } from './crypto';

export const codeLifetimeMs = 15 * 60_000;
export const codeMaxAttempts = 5;

type Purpose = (typeof verificationCodes.$inferSelect)['purpose'];
type Writer = Pick<Db, 'insert' | 'update' | 'select'>;

/** Replaces any open code for this purpose and address with a new one; returns it for the mail. */
export async function issueCode(db: Writer, clock: Clock, purpose: Purpose, email: string, userId: string | null): Promise<string> {
  const code = newVerificationCode();
  const now = clock.now();
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email), isNull(verificationCodes.consumedAt)));
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
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const now = clock.now();
  if (!open || open.expiresAt <= now || open.attempts >= codeMaxAttempts || (userId !== null && open.userId !== userId)) return 'expired';
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
