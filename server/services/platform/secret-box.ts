import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { privateFolder } from '../../private-folder';

/** Sealed values start with this, so a stored plain value is told apart from a sealed one. */
const sealedPrefix = 'v1.';
const keyBytes = 32;
const nonceBytes = 12;
const tagBytes = 16;

/** Whether a setting's text is a key: 32 bytes as 64 hex digits (`openssl rand -hex 32`). */
export const isSecretsKey = (value: string) => /^[0-9a-f]{64}$/i.test(value);

/**
 * Encrypts values the database must not hold in the clear (the staff's authenticator secrets)
 * with AES-256-GCM under the configuration's key. Each value is bound to its context (the
 * row it belongs to), so a sealed value copied onto another row does not open there.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyHex: string) {
    if (!isSecretsKey(keyHex)) throw new Error('a secrets key is 64 hex digits');
    this.key = Buffer.from(keyHex, 'hex');
  }

  seal(plain: string, context: string): string {
    const nonce = randomBytes(nonceBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return sealedPrefix + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plain value, or null when the text is not a value this key sealed for this context. */
  open(sealed: string, context: string): string | null {
    if (!SecretBox.isSealed(sealed)) return null;
    const bytes = Buffer.from(sealed.slice(sealedPrefix.length), 'base64url');
    if (bytes.length < nonceBytes + tagBytes) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, nonceBytes));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(nonceBytes, nonceBytes + tagBytes));
      return Buffer.concat([decipher.update(bytes.subarray(nonceBytes + tagBytes)), decipher.final()]).toString('utf8');
    } catch {
      // Another key, another context or changed bytes: the same to the caller as no value.
      return null;
    }
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(sealedPrefix);
  }
}

/**
 * The key of SECRETS_KEY, or, where the configuration may leave it out (one process owns an
 * embedded database), a key made once and kept beside the database, readable by this user only.
 */
export function openSecretBox(config: { secretsKey?: string; dataDir: string }): SecretBox {
  if (config.secretsKey) return new SecretBox(config.secretsKey);
  privateFolder(config.dataDir);
  const file = path.join(config.dataDir, 'secrets.key');
  if (!fs.existsSync(file)) {
    // Written whole under another name and linked into place, so a process starting beside
    // this one never reads half a key; the first link wins and the other reads it.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(keyBytes).toString('hex')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const kept = fs.readFileSync(file, 'utf8').trim();
  if (!isSecretsKey(kept)) throw new Error(`${file} does not hold a secrets key (64 hex digits); set SECRETS_KEY or remove the file`);
  return new SecretBox(kept);
}
