/**
 * No Docker engine runs here, so docker-compose.yml and the Dockerfile are checked against the
 * code instead: services and roles, variables the config knows, ports, the health route, and
 * the file the image starts.
 */
import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig, parseDatabaseUrl } from '../backend/platform/config';
import { startTestServer, type TestServer } from '../backend/test/server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const APP_SERVICES = { web: 'web', worker: 'worker' } as const;
/** Values for the variables compose requires from the operator (`${NAME:?message}`). */
const OPERATOR_ENV: Record<string, string> = {
  SESSION_KEYS: 'a-first-session-key-of-32-characters,a-second-session-key-of-32-characters',
};

interface ComposeService {
  build?: unknown;
  image?: string;
  command?: unknown;
  environment?: Record<string, string | number>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

/** Compose's interpolation: `${NAME}`, `${NAME:-default}`, `${NAME:?error}`, from OPERATOR_ENV. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_all, name: string, op?: string, arg?: string) => {
    const provided = OPERATOR_ENV[name];
    if (provided) return provided;
    if (op === '-') return arg ?? '';
    throw new Error(`docker-compose.yml needs ${name}${op === '?' ? `: ${arg}` : ''}`);
  });
}

function serviceEnv(name: string): Record<string, string> {
  const environment = compose.services[name]?.environment ?? {};
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(String(value))]));
}

/** The container side of each `host:container` port mapping. */
function containerPorts(service: ComposeService): number[] {
  return (service.ports ?? []).map((mapping) => Number(interpolate(mapping).split(':').at(-1)));
}

/** The URL a compose healthcheck fetches (`http://host:port/path`, written out in full). */
function healthUrl(command: readonly string[]): URL {
  const match = /https?:\/\/[^'"\s)]+/.exec(command.join(' '));
  if (!match) throw new Error(`no URL in the healthcheck ${command.join(' ')}`);
  return new URL(match[0]);
}

/** The `/api/...` path a health check fetches (the image's builds its URL from PORT). */
function healthPath(command: string): string {
  const match = /\/api\/[\w/-]+/.exec(command);
  if (!match) throw new Error(`no /api path in the healthcheck ${command}`);
  return match[0];
}

function dockerInstruction(name: string): string {
  const lines = dockerfile.replace(/\\\n\s*/g, ' ').split('\n');
  const found = lines.filter((line) => line.trim().toUpperCase().startsWith(`${name} `));
  if (found.length === 0) throw new Error(`the Dockerfile has no ${name}`);
  return found[found.length - 1].trim().slice(name.length).trim();
}

describe('docker-compose.yml and the Dockerfile', () => {
  it('defines the web, worker, mysql and redis services', () => {
    expect(Object.keys(compose.services)).to.include.members(['web', 'worker', 'mysql', 'redis']);
  });

  for (const [service, role] of Object.entries(APP_SERVICES)) {
    it(`builds the ${service} service from this repository`, () => {
      expect(compose.services[service].build).to.equal('.');
    });

    it(`runs the ${service} service with ROLE=${role}, a role the config accepts`, () => {
      expect(loadConfig(serviceEnv(service)).role).to.equal(role);
    });

    it(`sets only variables the config reads on the ${service} service`, () => {
      const unknown = Object.keys(serviceEnv(service)).filter((key) => !(CONFIG_VARIABLES as readonly string[]).includes(key));
      expect(unknown).to.deep.equal([]);
    });

    it(`points the ${service} service at the mysql and redis services`, () => {
      const config = loadConfig(serviceEnv(service));
      const database = parseDatabaseUrl(config.databaseUrl);
      expect(database.dialect).to.equal('mysql');
      if (database.dialect !== 'mysql') return;
      const mysqlEnv = serviceEnv('mysql');
      expect(database.url.hostname).to.equal('mysql');
      expect(database.url.pathname.slice(1)).to.equal(mysqlEnv.MARIADB_DATABASE);
      expect(decodeURIComponent(database.url.username)).to.equal(mysqlEnv.MARIADB_USER);
      expect(decodeURIComponent(database.url.password)).to.equal(mysqlEnv.MARIADB_PASSWORD);
      expect(new URL(config.redisUrl ?? '').hostname).to.equal('redis');
    });

    it(`starts the ${service} service after healthy mysql and redis services`, () => {
      expect(compose.services[service].depends_on).to.deep.equal({
        mysql: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    });
  }

  it('publishes the web service on the port its PORT variable sets', () => {
    const port = loadConfig(serviceEnv('web')).port;
    expect(containerPorts(compose.services.web)).to.deep.equal([port]);
  });

  it('checks the web service health on the port its PORT variable sets', () => {
    const port = loadConfig(serviceEnv('web')).port;
    expect(Number(healthUrl(compose.services.web.healthcheck?.test ?? []).port)).to.equal(port);
  });

  it('exposes in the image the port the web service publishes', () => {
    expect(dockerInstruction('EXPOSE').split(/\s+/).map(Number)).to.deep.equal(containerPorts(compose.services.web));
  });

  it('checks health on the same path in the image and in the web service', () => {
    const imagePath = healthPath(dockerInstruction('HEALTHCHECK'));
    expect(healthUrl(compose.services.web.healthcheck?.test ?? []).pathname).to.equal(imagePath);
  });

  it('turns the HTTP health check off for the worker, which serves no HTTP', () => {
    expect(compose.services.worker.healthcheck?.disable).to.equal(true);
  });

  it('keeps MariaDB 10.11 data in a named volume and checks its health', () => {
    const mysql = compose.services.mysql;
    expect(mysql.image).to.equal('mariadb:10.11');
    expect(mysql.volumes).to.include('mysql-data:/var/lib/mysql');
    expect(compose.volumes).to.have.property('mysql-data');
    expect(mysql.healthcheck?.test).to.be.an('array').that.is.not.empty;
  });

  it('checks the health of the redis service', () => {
    expect(compose.services.redis.healthcheck?.test).to.deep.equal(['CMD', 'redis-cli', 'ping']);
  });

  it('starts the image with the compiled server, without a TypeScript loader, as npm run start:prod does', () => {
    const command = JSON.parse(dockerInstruction('CMD')) as string[];
    expect(command[0]).to.equal('node');
    expect(command).to.not.include('--import');
    const entry = command.find((arg) => arg.endsWith('.js')) ?? '';
    expect(entry, 'a compiled entry file in CMD').to.match(/^build\/server\//);
    const source = entry.replace(/^build\/server\//, '').replace(/\.js$/, '.ts');
    expect(existsSync(path.join(ROOT, source)), `${source}, compiled to ${entry}, exists`).to.equal(true);
    expect(dockerfile).to.match(/^RUN npm run build\b/m);
    expect(dockerfile).to.include('COPY --from=build /app/build/server ./build/server');
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).to.include('scripts/build-server.mjs');
    expect(pkg.scripts['start:prod']).to.equal(command.join(' '));
  });

  it('runs the image as an unprivileged user', () => {
    expect(dockerInstruction('USER')).to.not.match(/^(root|0)$/);
  });

  describe('the health check route', () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer({ DATABASE_URL: undefined, REDIS_URL: undefined });
    });

    after(async () => {
      await server?.close();
    });

    it('answers 200 on the path the web service checks', async () => {
      const { pathname } = healthUrl(compose.services.web.healthcheck?.test ?? []);
      const response = await fetch(new URL(pathname, server.url));
      expect(response.status).to.equal(200);
    });
  });
});
