import { MongoClient } from 'mongodb';
import { emailProblem, normalizeEmail, ROLES, type Role } from '@platform/contracts';
import { DEFAULT_MONGODB_URI } from '@platform/service-kit';
import { accountStore, GATEWAY_DB } from './accounts/store';

/** The roles an operator may give from the command line (everything but the services' own). */
export const GRANTABLE_ROLES: readonly Role[] = ROLES;

const USAGE = `Usage: npm run admin -- --email someone@example.org [--role manager]

Gives an existing account a role (admin unless --role says otherwise) and marks its email verified.
Admins are only ever made, or unmade, this way: never by sign-up, and never from the admin screens.

Options:
  --email <address>  the account (required)
  --role <role>      ${GRANTABLE_ROLES.join('|')} (default admin)
  --help             show this text

Environment:
  MONGODB_URI        the database (default ${DEFAULT_MONGODB_URI}); the platform must be running`;

export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
  mongoUri: string;
  dbName?: string;
}

type Parsed = { help: true } | { email: string; role: Role } | { error: string };

export function parseAdminArgs(argv: readonly string[]): Parsed {
  let email: string | undefined;
  let role: string = 'admin';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    const option = /^--(email|role)(?:=(.*))?$/.exec(arg);
    if (!option) return { error: `Unknown argument: ${arg}` };
    let value = option[2];
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) {
        return { error: option[1] === 'email' ? '--email needs an address' : '--role needs a role' };
      }
      i++;
    }
    if (option[1] === 'email') email = value;
    else role = value;
  }
  if (email === undefined) return { error: '--email is required' };
  if (!(GRANTABLE_ROLES as readonly string[]).includes(role)) {
    return { error: `--role must be one of ${GRANTABLE_ROLES.join(', ')} (not ${role})` };
  }
  return { email, role: role as Role };
}

/** Runs the command; resolves with the process exit code (0 done, 1 refused or failed, 2 bad usage). */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const parsed = parseAdminArgs(argv);
  if ('help' in parsed) {
    io.out(USAGE);
    return 0;
  }
  if ('error' in parsed) {
    io.err(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  const problem = emailProblem(parsed.email);
  if (problem) {
    io.err(`Not a valid email address: ${parsed.email}`);
    return 2;
  }
  const email = normalizeEmail(parsed.email);
  const role = parsed.role;
  const client = new MongoClient(io.mongoUri, { serverSelectionTimeoutMS: 3000, connectTimeoutMS: 3000 });
  try {
    const accounts = accountStore(client.db(io.dbName ?? GATEWAY_DB));
    let user;
    try {
      user = await accounts.grantRole(email, role);
    } catch (err) {
      io.err(
        `Cannot reach the database at ${io.mongoUri} (${(err as Error).message}). Is the platform running (npm start)?`,
      );
      return 1;
    }
    if (!user) {
      io.err(`No account with the email ${email}. The person must sign up first.`);
      return 1;
    }
    const article = /^[aeiou]/.test(role) ? 'an' : 'a';
    io.out(
      user.role === role
        ? `${email} was already ${article} ${role}.`
        : `${email} is now ${article} ${role} (was ${user.role}). The change applies to their requests within a few seconds.`,
    );
    return 0;
  } finally {
    await client.close();
  }
}

if (require.main === module) {
  runAdmin(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    mongoUri: process.env.MONGODB_URI?.trim() || DEFAULT_MONGODB_URI,
  }).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`admin failed: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
