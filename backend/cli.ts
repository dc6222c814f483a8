/**
 * Operations commands: `npm run cli -- <command> [options]`. `--help` lists them; an unknown
 * command prints a message and exits 2.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { ConfigError, ensureDataDirs, loadConfig } from './platform/config';
import { seedCatalogue } from './catalogue/seedCatalogue';
import { createDatabase, type Database } from './platform/db';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../db/seeders/catalogue-data';
import { generateCatalogue } from '../db/seeders/generate';
import { createLogger } from './platform/logger';
import { createUser, isUserRole } from './accounts/createUser';
import { unblockAccount } from './accounts/lifecycle';
import { initModels } from './models';
import { PASSWORD_MIN_LENGTH } from '../common/validation';

interface Command {
  summary: string;
  run(args: string[]): Promise<void>;
}

/** Opens the configured database, applies pending migrations, runs `work`, and always closes it. */
async function withMigratedDatabase(work: (db: Database) => Promise<void>): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  ensureDataDirs(config);
  const db = await createDatabase(config, logger);
  try {
    await db.migrate();
    await work(db);
  } finally {
    await db.close();
  }
}

const COMMANDS: Record<string, Command> = {
  'db:migrate': {
    summary: 'Apply pending database migrations (also done automatically at start)',
    async run() {
      await withMigratedDatabase(async () => {
        process.stdout.write('Migrations are up to date.\n');
      });
    },
  },
  'db:seed': {
    summary: 'Seed the demo catalogue into an empty database (--generated: 1,000 assets / 20,000 directions for load work)',
    async run(args) {
      const generated = args.includes('--generated');
      const unknown = args.filter((arg) => arg !== '--generated');
      if (unknown.length > 0) throw new Error(`db:seed does not know ${unknown.join(' ')} (only --generated)`);
      await withMigratedDatabase(async (db) => {
        const data = generated ? generateCatalogue() : { assets: SEED_ASSETS, directions: SEED_DIRECTIONS };
        const result = await seedCatalogue({ db, data });
        process.stdout.write(
          result.seeded
            ? `Seeded ${result.assets} assets and ${result.directions} directions.\n`
            : 'The catalogue already has assets: nothing seeded.\n',
        );
      });
    },
  },
  'user:create': {
    summary: 'Create an account, active at once: --email <email> --password <password> --role user|operator|admin',
    async run(args) {
      const options = parseOptions(args, ['--email', '--password', '--role']);
      const { '--email': email, '--password': password, '--role': role = 'user' } = options;
      if (!email || !password) throw new Error('user:create needs --email and --password');
      if (!isUserRole(role)) throw new Error(`--role must be user, operator or admin (got ${role})`);
      if (password.length < PASSWORD_MIN_LENGTH) throw new Error(`--password needs at least ${PASSWORD_MIN_LENGTH} characters`);
      await withMigratedDatabase(async (db) => {
        const user = await createUser(initModels(db.sequelize), { email, password, role });
        process.stdout.write(`Created ${user.role} ${user.email} (id ${user.id}).\n`);
      });
    },
  },
  'user:unblock': {
    summary: 'Lift a block before its 7 days are over: --email <email>',
    async run(args) {
      const { '--email': email } = parseOptions(args, ['--email']);
      if (!email) throw new Error('user:unblock needs --email');
      await withMigratedDatabase(async (db) => {
        if (!(await unblockAccount(initModels(db.sequelize), { email }))) {
          throw new Error(`No blocked account has the email ${email}`);
        }
        process.stdout.write(`Unblocked ${email}.\n`);
      });
    },
  },
};

/** `--name value` pairs; an unknown option or a missing value is an error. */
function parseOptions(args: string[], known: string[]): Record<string, string | undefined> {
  const options: Record<string, string | undefined> = {};
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index];
    const value = args[index + 1];
    if (!known.includes(name)) throw new Error(`Unknown option ${name} (known: ${known.join(', ')})`);
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    options[name] = value;
  }
  return options;
}

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return ['Usage: npm run cli -- <command> [options]', '', 'Commands:', ...lines, ''].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command === undefined) {
    process.stderr.write(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  const envFile = path.resolve('.env');
  if (existsSync(envFile)) dotenv.config({ path: envFile, quiet: true });
  try {
    await command.run(args);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
