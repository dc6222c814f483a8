/**
 * Operations commands: `npm run cli -- <command> [options]`. `--help` lists them; an unknown
 * command prints a message and exits 2.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { ConfigError, ensureDataDirs, loadConfig } from './config';
import { createDatabase } from './db';
import { createLogger } from './lib/logger';

interface Command {
  summary: string;
  run(args: string[]): Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  'db:migrate': {
    summary: 'Apply pending database migrations (also done automatically at start)',
    async run() {
      const config = loadConfig(process.env);
      const logger = createLogger(config);
      ensureDataDirs(config);
      const db = await createDatabase(config, logger);
      try {
        await db.migrate();
        process.stdout.write('Migrations are up to date.\n');
      } finally {
        await db.close();
      }
    },
  },
};

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
