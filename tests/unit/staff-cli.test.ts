/**
 * `npm run staff`: the commands against an in-memory database, then the command itself on a
 * PGlite data folder. What every operator command shares is tested in-process where Jest can
 * see it: the settings' other rules (operator-settings.test.ts), the data folder's lock (embedded-database.test.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '@/server/db/database';
import { auditLog, recoveryCodes, sessions, users } from '@/server/db/schema';
import { hashingParameters, Passwords } from '@/server/services/accounts/passwords';

const checkPassword = (hash: string, password: string) => new Passwords(hashingParameters.production).check(hash, password);
import { CommandError } from '@/server/command-error';
import { generatePassword, runStaffCommand } from '@/server/services/staff/commands';
import { createSession } from '@/server/services/accounts/sessions';
import { systemClock } from '@/server/clock';
import { bareCluster, migratedDatabase } from '../support/pglite-templates';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', loadDataDir: migratedDatabase() });
});
afterAll(() => database.close());

const run = (argv: string[], staffPassword?: string) => runStaffCommand({ db: database.db, clock: systemClock, staffPassword }, argv);
const userOf = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];

describe('staff commands', () => {
  // Each test starts with no account holding a role: add makes only the first owner.
  beforeEach(() => database.db.update(users).set({ role: null }));

  it('adds the first owner with a generated password shown once, and audits it as cli', async () => {
    const lines = await run(['add', 'First.Owner@Example.com', '--role', 'owner']);
    expect(lines[0]).toBe('created first.owner@example.com as owner');
    const password = lines[1].split(': ').at(-1)!;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const user = await userOf('first.owner@example.com');
    expect(user).toMatchObject({ role: 'owner', language: 'en' });
    expect(user.termsAcceptedAt).toBeInstanceOf(Date);
    expect(await checkPassword(user.passwordHash, password)).toBe(true);
    // The owner's password gets the production parameters, whatever the settings.
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit).toMatchObject({ staffEmail: 'cli', staffUserId: null, action: 'staff.add', after: { role: 'owner' } });
  });

  it('takes the password from STAFF_PASSWORD, and refuses a weak one', async () => {
    await expect(run(['add', 'weak@example.com', '--role', 'owner'], 'short')).rejects.toThrow('STAFF_PASSWORD does not meet');
    expect(await userOf('weak@example.com')).toBeUndefined();
    const lines = await run(['add', 'given@example.com', '--role=owner'], 'Given-Password-1');
    expect(lines).toContain('password: the one given in STAFF_PASSWORD');
    expect(await checkPassword((await userOf('given@example.com')).passwordHash, 'Given-Password-1')).toBe(true);
  });

  it('makes an existing account or staff member the first owner without touching the password', async () => {
    const [existing] = await database.db
      .insert(users)
      .values({ email: 'customer@example.com', passwordHash: 'kept', termsAcceptedAt: new Date() })
      .returning();
    expect(await run(['add', 'customer@example.com', '--role', 'owner'])).toEqual(['granted owner to customer@example.com']);
    expect(await userOf('customer@example.com')).toMatchObject({ role: 'owner', passwordHash: 'kept', id: existing.id });
    await database.db.update(users).set({ role: 'staff' }).where(eq(users.id, existing.id));
    expect(await run(['add', 'customer@example.com', '--role', 'owner'])).toEqual(['customer@example.com is now owner']);
  });

  it('adds only the first owner: with one, staff and roles are the console’s', async () => {
    await run(['add', 'first.owner@example.com', '--role', 'owner']);
    await expect(run(['add', 'second@example.com', '--role', 'owner'])).rejects.toThrow(
      "first.owner@example.com is already an owner: add makes only the first one; the rest is done on the console's Staff page (/admin/staff)",
    );
    expect(await userOf('second@example.com')).toBeUndefined();
  });

  it('lists every account with a role', async () => {
    await run(['add', 'first.owner@example.com', '--role', 'owner']);
    await database.db
      .insert(users)
      .values({ email: 'invited@example.com', passwordHash: 'kept', termsAcceptedAt: new Date(), role: 'staff' });
    expect(await run(['list'])).toEqual([
      'first.owner@example.com  owner  no authenticator yet',
      'invited@example.com  staff  no authenticator yet',
    ]);
  });

  it('resets a second factor: authenticator, recovery codes and the sessions that passed it', async () => {
    await run(['add', 'first.owner@example.com', '--role', 'owner']);
    const user = await userOf('first.owner@example.com');
    await database.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', totpEnabledAt: new Date(), totpLastStep: 1 })
      .where(eq(users.id, user.id));
    await database.db.insert(recoveryCodes).values({ userId: user.id, codeHash: 'hash' });
    await createSession(database.db, systemClock, user.id, {});
    await database.db.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.userId, user.id));
    expect(await run(['list'])).toEqual(['first.owner@example.com  owner  authenticator set up']);

    const lines = await run(['reset-second-factor', 'first.owner@example.com']);
    expect(lines[0]).toContain('authenticator and recovery codes removed');
    expect(await userOf('first.owner@example.com')).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.secondFactorAt).toBeNull();
    await expect(run(['reset-second-factor', 'given@example.com'])).rejects.toThrow('is not a staff member');
  });

  it.each([
    [[], 'no command given'],
    [['grant', 'a@example.com'], 'unknown command "grant"'],
    [['add', 'a@example.com'], 'add needs --role owner'],
    [['add', 'a@example.com', '--role', 'staff'], "add makes the first owner only: staff are invited on the console's Staff page"],
    [['add', 'a@example.com', '--role', 'admin'], 'unknown role "admin"'],
    [['add', 'a@example.com', '--role'], '--role needs a value'],
    [['add', 'not-an-address', '--role', 'owner'], '"not-an-address" is not a usable email address'],
    [['set', 'a@example.com', '--role', 'staff'], "roles are changed on the console's Staff page"],
    [['remove', 'a@example.com'], "roles are changed on the console's Staff page"],
    [['reset-second-factor'], 'reset-second-factor needs an email address'],
    [['reset-second-factor', 'a@example.com', '--role', 'staff'], 'reset-second-factor takes no --role'],
    [['list', 'extra'], 'list takes no argument'],
    [['add', 'a@example.com', 'b@example.com', '--role', 'owner'], 'unexpected argument b@example.com'],
    [['add', 'a@example.com', '--force'], 'unknown option --force'],
  ])('refuses %j: %s', async (argv, message) => {
    const error = await run(argv).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as CommandError).message).toContain(message);
    expect((error as CommandError).showUsage).toBe(true);
  });

  it('generates passwords that meet the sign-up rules', () => {
    for (let i = 0; i < 50; i++) expect(generatePassword()).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z0-9]{20}$/);
  });
});

describe('npm run staff', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-cli-'));
  const dataDir = path.join(folder, 'data');
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  const cli = (args: string[], env: Record<string, string> = {}) => {
    // The folder under test, never a PostgreSQL named by the environment.
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    // As an operator's shell has it: not Jest's NODE_ENV=test either (a required key in Next.js's types).
    Reflect.deleteProperty(inherited, 'NODE_ENV');
    // One process, as `node --import tsx` runs it (tsx's own command starts a second one).
    const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
    return spawnSync(process.execPath, ['--import', tsx, 'server/staff-cli.ts', ...args], {
      cwd: process.cwd(),
      env: { ...inherited, NODE_OPTIONS: '', DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
  };

  it('migrates a data folder it has not seen, adds an owner and lists it', async () => {
    // A cluster as initdb leaves it, made from the run's copy (initdb itself is the component and e2e backends' first start).
    fs.mkdirSync(dataDir);
    await (await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: bareCluster() })).close();
    const added = cli(['add', 'cli-owner@example.com', '--role', 'owner'], { STAFF_PASSWORD: 'Cli-Password-1' });
    // It says which database it opened, so a command run without the services' settings shows it.
    const opened = `staff: the embedded database in ${path.join(dataDir, 'pglite')}; settings from the environment alone\n`;
    expect({ status: added.status, stderr: added.stderr }).toEqual({ status: 0, stderr: opened });
    expect(added.stdout).toContain('created cli-owner@example.com as owner');
    const listed = cli(['list']);
    expect(listed.stdout.trim()).toBe('cli-owner@example.com  owner  no authenticator yet');
    // Bad input is refused before the database is opened.
    const bad = cli(['add', 'cli-owner@example.com']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('staff: add needs --role owner\nusage: npm run staff');
  });

  // A child process: a settings file loads into the real environment, which Jest's sandbox does not see.
  it('loads the services’ settings file, and in production refuses the embedded database, naming DATABASE_URL', () => {
    const settings = path.join(folder, 'bluebonnet.env');
    fs.writeFileSync(settings, 'NODE_ENV=production\nSITE_URL=https://www.example.com\nSECRETS_KEY=' + 'ab'.repeat(32) + '\n');
    const refused = cli(['list', '--settings', settings]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `staff: NODE_ENV is production but DATABASE_URL is not set, so this would open the embedded database in ${path.join(dataDir, 'pglite')}, not the services' PostgreSQL.`,
    );
  });
});
