import { MongoClient } from 'mongodb';
import { emailProblem, normalizeEmail } from '@platform/contracts';
import { DEFAULT_MONGODB_URI } from '@platform/service-kit';
import { accountCollections, GATEWAY_DB } from './accounts/accounts-db';

const USAGE = `Usage: npm run admin -- --email someone@example.org

Makes an existing account an admin (and marks its email verified). Admins are only ever made this way,
never by sign-up.

Options:
  --email <address>  the account to promote (required)
  --help             show this text

Environment:
  MONGODB_URI        the database (default ${DEFAULT_MONGODB_URI}); the platform must be running`;

export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
  mongoUri: string;
  dbName?: string;
}

type Parsed = { help: true } | { email: string } | { error: string };

export function parseAdminArgs(argv: readonly string[]): Parsed {
  let email: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--email') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return { error: '--email needs an address' };
      email = value;
      i++;
    } else if (arg.startsWith('--email=')) {
      email = arg.slice('--email='.length);
    } else {
      return { error: `Unknown argument: ${arg}` };
    }
  }
  if (email === undefined) return { error: '--email is required' };
  return { email };
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
  const client = new MongoClient(io.mongoUri, { serverSelectionTimeoutMS: 3000, connectTimeoutMS: 3000 });
  try {
    const { users } = accountCollections(client.db(io.dbName ?? GATEWAY_DB));
    let user;
    try {
      user = await users.findOneAndUpdate(
        { email },
        { $set: { role: 'admin', verified: true } },
        { returnDocument: 'before' },
      );
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
    if (!user.verifiedAt && !user.verified) {
      await users.updateOne({ _id: user._id }, { $set: { verifiedAt: new Date() } });
    }
    io.out(
      user.role === 'admin'
        ? `${email} was already an admin.`
        : `${email} is now an admin (was ${user.role}). The change applies to their requests within a few seconds.`,
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
