/**
 * Development mail goes to .eml files. On a full disk a mail fails (and is retried later from
 * the outbox) and leaves no empty or cut-off file behind. The full disk is a real one: a tiny
 * tmpfs, which only root may mount; elsewhere the test says so and does not run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadBackendConfig } from '@/server/config';
import { createMailer } from '@/server/email/mailer';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'full-disk-'));
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', folder]);
    return true;
  } catch {
    return false;
  }
})();
afterAll(() => {
  if (canMount) execFileSync('umount', [folder]);
  fs.rmSync(folder, { recursive: true, force: true });
});

const mail = (id: string) => ({ id, to: 'ann@example.com', subject: 'Your code', text: 'Your code is ABC123.\n'.repeat(200) });

(canMount ? describe : describe.skip)('mail files on a full disk', () => {
  it('writes a mail whole, and on a full disk fails leaving no file behind', async () => {
    const mailer = createMailer({ mailDir: folder, mail: loadBackendConfig({}).mail });
    await mailer.send(mail('first'));
    const [written] = fs.readdirSync(folder);
    expect(written).toMatch(/-first\.eml$/);
    expect(fs.readFileSync(path.join(folder, written), 'utf8')).toContain('Subject: Your code');
    // Fill what is left of the disk.
    const filler = fs.openSync(path.join(folder, 'filler'), 'w');
    try {
      for (;;) fs.writeSync(filler, Buffer.alloc(1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(filler);
    }
    await expect(mailer.send(mail('second'))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(fs.readdirSync(folder).sort()).toEqual([written, 'filler'].sort());
    expect(fs.statSync(path.join(folder, written)).size).toBeGreaterThan(0);
  });
});

if (!canMount) test.todo('mail files on a full disk: needs root to mount a tmpfs');
