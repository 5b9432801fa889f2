// The admin command (README "Administration"):
//   npm run admin -- create <username>    create an admin account (asks for the password)
//   npm run admin -- promote <username>   give an existing user the admin role
//   npm run admin -- demote <username>    take the admin role away
//   npm run admin -- reset-password <username>   print a one-time link that sets a new password
// The password is read from ADMIN_PASSWORD when set (for scripts), else asked for.
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig, loadDotEnv } from '../src/server/config.ts';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { AppError } from '../src/server/http/errors.ts';
import { createAdminAccount, resetLinkForUsername, setRoleByUsername } from '../src/server/admin-cli.ts';

const USAGE = 'Usage: npm run admin -- <create|promote|demote|reset-password> <username>';

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    // Piped input: the first line is the password.
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return '';
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  const ask = async (question: string) => {
    process.stdout.write(question);
    muted = true;
    const answer = await prompt.question('');
    muted = false;
    process.stdout.write('\n');
    return answer;
  };
  const first = await ask('Password: ');
  const second = await ask('Repeat password: ');
  prompt.close();
  if (first !== second) throw new AppError(400, 'validation_failed', "Passwords don't match");
  return first;
}

async function main(): Promise<number> {
  const [command, username] = process.argv.slice(2);
  if (!command || !username || !['create', 'promote', 'demote', 'reset-password'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database, config.databaseSchema);
    if (command === 'reset-password') {
      const { user, link } = await resetLinkForUsername(database.db, username, config.publicUrl);
      const where = config.publicUrl ? link.url : `${link.url} (after your site's address; set PUBLIC_URL to print it whole)`;
      console.log(`A one-time link that sets a new password for '${user.username}', valid until ${link.expiresAt}:\n${where}`);
    } else if (command === 'create') {
      const user = await createAdminAccount(database.db, username, await askPassword());
      console.log(`Created admin '${user.username}'. Sign in at /login.`);
    } else {
      const role = command === 'promote' ? 'admin' : 'user';
      const user = await setRoleByUsername(database.db, username, role);
      console.log(`'${user.username}' now has the role ${role}.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AppError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
