import { hash, verify, type Options } from '@node-rs/argon2';

export type PasswordHashing = 'production' | 'test';

/** argon2id parameters per setting (the library's algorithm default is argon2id). */
export const hashingParameters: Record<PasswordHashing, Options> = {
  // OWASP's minimum profile: 19 MiB, 2 passes, 1 lane (the library's defaults).
  production: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  // The cheapest argon2 accepts: test accounts cost nothing; never chosen by a production backend.
  test: { memoryCost: 8, timeCost: 1, parallelism: 1 },
};

/** Hashes and checks passwords with one backend's parameters; a stored hash names its own parameters. */
export class Passwords {
  private unknownAccountHash?: Promise<string>;

  constructor(readonly parameters: Options) {}

  hash(password: string): Promise<string> {
    return hash(password, this.parameters);
  }

  async check(storedHash: string | null, password: string): Promise<boolean> {
    if (!storedHash) {
      // Checked when no account matches, so a wrong address costs as long as a wrong password.
      this.unknownAccountHash ??= this.hash('no account has this password');
      await verify(await this.unknownAccountHash, password).catch(() => false);
      return false;
    }
    return verify(storedHash, password).catch(() => false);
  }
}
