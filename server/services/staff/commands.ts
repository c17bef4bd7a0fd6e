import { randomInt } from 'node:crypto';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { StaffRoleSchema, type StaffRole } from '../../../lib/contract/admin';
import { accountEmail, newPassword } from '../../../lib/contract/fields';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { CommandError } from '../../command-error';
import { ApiError, wordErrors } from '../../errors';
import { cliActor, recordAudit } from './audit';
import { hashingParameters, Passwords } from '../accounts/passwords';
import { removeSecondFactor } from '../accounts/second-factor';
import { changeStaffRole } from './access';

/*
 * `npm run staff`: the first owner of a new site (or again when no owner is left), the way back
 * in for a staff member who lost the authenticator, and a list of who has a role. Everyone else
 * joins, changes role and leaves on the console's Staff page, where an owner confirms the
 * password. Every change is audited as 'cli'.
 */

const usageError = (message: string) => new CommandError(message, true);

export const staffUsage = [
  'usage: npm run staff -- <command>',
  '  add <email> --role owner         make the first owner, while no account is owner; creates the account when there is none',
  '                                   (password from STAFF_PASSWORD, else a generated one shown once)',
  '  list                             every account with a role',
  '  reset-second-factor <email>      forget the authenticator and recovery codes: set it up again at next sign-in',
].join('\n');

// The first owner's password, set on the server, always gets the production parameters.
const staffPasswords = new Passwords(hashingParameters.production);

interface CommandDeps {
  db: Db;
  clock: Clock;
  /** STAFF_PASSWORD, when set. */
  staffPassword?: string;
}

interface Parsed {
  command: string;
  email?: string;
  role?: StaffRole;
}

function parseArguments(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  let role: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === '--role') {
      role = argv[++i];
      if (role === undefined) throw usageError('--role needs a value: owner or staff');
    } else if (argument.startsWith('--role=')) role = argument.slice('--role='.length);
    else if (argument.startsWith('-')) throw usageError(`unknown option ${argument}`);
    else positional.push(argument);
  }
  const [command, email, ...rest] = positional;
  if (!command) throw usageError('no command given');
  if (rest.length) throw usageError(`unexpected argument ${rest[0]}`);
  const parsedRole = role === undefined ? undefined : StaffRoleSchema.safeParse(role);
  if (parsedRole && !parsedRole.success) throw usageError(`unknown role "${role}": give owner or staff`);
  return { command, email, role: parsedRole?.data };
}

function emailOf(parsed: Parsed): string {
  if (!parsed.email) throw usageError(`${parsed.command} needs an email address`);
  const email = accountEmail().safeParse(parsed.email);
  if (!email.success) throw usageError(`"${parsed.email}" is not a usable email address`);
  return email.data;
}

function roleOf(parsed: Parsed): StaffRole {
  if (!parsed.role) throw usageError(`${parsed.command} needs --role owner`);
  return parsed.role;
}

function refuseOption(parsed: Parsed) {
  if (parsed.role) throw usageError(`${parsed.command} takes no --role`);
}

// Letters and digits only, so the password survives any terminal and copy-paste.
const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A strong password that meets the sign-up rules (upper and lower case, a digit). */
export function generatePassword(length = 20): string {
  for (;;) {
    const password = Array.from({ length }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('');
    if (newPassword().safeParse(password).success) return password;
  }
}

async function findAccount(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (user?.erasedAt) throw new CommandError(`${email} belongs to an erased account`);
  return user;
}

/** Staff join and change roles in the console, where an owner confirms the password. */
const onStaffPage = "on the console's Staff page (/admin/staff), where an owner invites staff and changes roles";

async function add(deps: CommandDeps, email: string, role: StaffRole): Promise<string[]> {
  const { db, clock } = deps;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.role, 'owner')).limit(1);
  if (owner) throw new CommandError(`${owner.email} is already an owner: add makes only the first one; the rest is done ${onStaffPage}`);
  const existing = await findAccount(db, email);
  if (existing?.role) {
    const changed = await changeStaffRole(deps, cliActor, { id: existing.id }, role);
    return [changed ? `${email} is now ${role}` : `${email} is already ${role}`];
  }
  if (existing) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role }).where(eq(users.id, existing.id));
      await recordAudit(tx, clock, cliActor, {
        action: 'staff.role.grant',
        targetType: 'staff',
        targetId: existing.id,
        before: { email, role: null },
        after: { email, role },
      });
    });
    const lines = [`granted ${role} to ${email}`];
    if (existing.suspendedAt) lines.push(`note: ${email} is suspended and cannot log in until the suspension is lifted`);
    return lines;
  }
  const given = deps.staffPassword;
  if (given !== undefined && !newPassword().safeParse(given).success) {
    throw new CommandError('STAFF_PASSWORD does not meet the password rules: 8 to 40 characters with upper and lower case and a digit');
  }
  const password = given ?? generatePassword();
  const passwordHash = await staffPasswords.hash(password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, language: 'en', termsAcceptedAt: clock.now(), createdAt: clock.now(), role })
      .returning({ id: users.id });
    await recordAudit(tx, clock, cliActor, {
      action: 'staff.add',
      targetType: 'staff',
      targetId: user.id,
      before: null,
      after: { email, role },
    });
  });
  return [
    `created ${email} as ${role}`,
    given === undefined
      ? `password (shown only now; change it after the first login): ${password}`
      : 'password: the one given in STAFF_PASSWORD',
    'at the first login the console asks to set up an authenticator app',
  ];
}

async function list(deps: CommandDeps): Promise<string[]> {
  const rows = await deps.db.select().from(users).where(isNotNull(users.role)).orderBy(asc(users.email));
  if (!rows.length) return ['no account has a role yet: add the first owner with add <email> --role owner'];
  return rows.map((user) =>
    [
      user.email,
      user.role,
      user.totpEnabledAt ? 'authenticator set up' : 'no authenticator yet',
      ...(user.suspendedAt ? ['suspended'] : []),
    ].join('  '),
  );
}

async function resetSecondFactor(deps: CommandDeps, email: string): Promise<string[]> {
  const { db, clock } = deps;
  const account = await findAccount(db, email);
  if (!account?.role) throw new CommandError(`${email} is not a staff member`);
  await db.transaction(async (tx) => {
    await removeSecondFactor(tx, account.id);
    await tx.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, account.id));
    await recordAudit(tx, clock, cliActor, {
      action: 'staff.second-factor.reset',
      targetType: 'staff',
      targetId: account.id,
      before: { email, enrolled: account.totpEnabledAt !== null },
      after: { email, enrolled: false },
    });
  });
  return [`${email}: authenticator and recovery codes removed; the console asks to set up a new one at the next sign-in`];
}

/** A command checked before the database is opened: bad input never waits for it. */
export type StaffCommand =
  { command: 'add'; email: string; role: StaffRole } | { command: 'reset-second-factor'; email: string } | { command: 'list' };

/** Reads the command line; bad input throws CommandError with the usage. */
function parseStaffCommand(argv: readonly string[]): StaffCommand {
  const parsed = parseArguments(argv);
  switch (parsed.command) {
    case 'add': {
      const role = roleOf(parsed);
      if (role !== 'owner') throw usageError(`add makes the first owner only: staff are invited ${onStaffPage}`);
      return { command: 'add', email: emailOf(parsed), role };
    }
    case 'set':
    case 'remove':
      throw usageError(`roles are changed ${onStaffPage}`);
    case 'reset-second-factor':
      refuseOption(parsed);
      return { command: parsed.command, email: emailOf(parsed) };
    case 'list':
      refuseOption(parsed);
      if (parsed.email) throw usageError('list takes no argument');
      return { command: 'list' };
    default:
      throw usageError(`unknown command "${parsed.command}"`);
  }
}

/** Runs one command; answers the lines to print. A command that cannot be done throws CommandError. */
export async function runStaffCommand(deps: CommandDeps, argv: readonly string[] | StaffCommand): Promise<string[]> {
  const command = 'command' in argv ? argv : parseStaffCommand(argv);
  try {
    switch (command.command) {
      case 'add':
        return await add(deps, command.email, command.role);
      case 'list':
        return await list(deps);
      case 'reset-second-factor':
        return await resetSecondFactor(deps, command.email);
    }
  } catch (error) {
    // The shared rules (the last owner, …) answer in the API's words.
    if (error instanceof ApiError) throw new CommandError(wordErrors('en', error.texts).join(' '));
    throw error;
  }
}
