import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSecretBox, SecretBox } from '@/server/services/platform/secret-box';

const key = 'ab'.repeat(32);

describe('the secret box', () => {
  const box = new SecretBox(key);

  it('opens what it sealed for the same context, and nothing else', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:one');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'totp:one')).toBe('JBSWY3DPEHPK3PXP');
    // A value copied onto another row, another key, changed bytes, or a plain value.
    expect(box.open(sealed, 'totp:two')).toBeNull();
    expect(new SecretBox('cd'.repeat(32)).open(sealed, 'totp:one')).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(box.open(`v1.${bytes.toString('base64url')}`, 'totp:one')).toBeNull();
    expect(box.open('v1.short', 'totp:one')).toBeNull();
    expect(box.open('JBSWY3DPEHPK3PXP', 'totp:one')).toBeNull();
  });

  it('seals the same value differently each time', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('uses SECRETS_KEY when given, else makes one key beside the embedded database, private to this user', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    try {
      const given = openSecretBox({ secretsKey: key, dataDir });
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(box.open(given.seal('x', 'c'), 'c')).toBe('x');

      const made = openSecretBox({ dataDir });
      const file = path.join(dataDir, 'secrets.key');
      expect(fs.readdirSync(dataDir)).toEqual(['secrets.key']);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // A second start, or another process beside it, reads the same key.
      expect(openSecretBox({ dataDir }).open(made.seal('x', 'c'), 'c')).toBe('x');

      fs.writeFileSync(file, 'damaged\n');
      expect(() => openSecretBox({ dataDir })).toThrow(
        `${file} does not hold a secrets key (64 hex digits); set SECRETS_KEY or remove the file`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
