import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's minimum profile).
export const hashPassword = (password: string) => hash(password);

// Checked when no account matches, so a wrong address costs as long as a wrong password.
const unknownAccountHash = hash('no account has this password');

export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await unknownAccountHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
