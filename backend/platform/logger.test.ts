import { expect } from 'chai';
import { Writable } from 'node:stream';
import { createLogger } from './logger';

/** A logger writing into an array of parsed JSON lines. */
function capture(level: 'info' | 'warn' = 'info') {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger({ logLevel: level, role: 'web' }, destination), lines };
}

describe('createLogger', () => {
  it('writes JSON lines with the message, level, role and an ISO time', () => {
    const { logger, lines } = capture();
    logger.info({ orderId: 7 }, 'order created');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ msg: 'order created', level: 30, role: 'web', orderId: 7 });
    expect(lines[0].time).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('drops messages below the configured level', () => {
    const { logger, lines } = capture('warn');
    logger.info('routine');
    logger.warn('unusual');
    expect(lines.map((line) => line.msg)).to.deep.equal(['unusual']);
  });

  it('redacts the authorization and cookie request headers and the set-cookie response header', () => {
    const { logger, lines } = capture();
    logger.info({
      req: { headers: { authorization: 'Bearer abc', cookie: 'koa.sess=xyz', accept: 'application/json' } },
      res: { headers: { 'set-cookie': 'koa.sess=xyz' } },
    });
    expect(lines[0].req).to.deep.equal({
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' },
    });
    expect(lines[0].res).to.deep.equal({ headers: { 'set-cookie': '[redacted]' } });
  });

  it('redacts passwords, secrets and tokens at any of the first three levels', () => {
    const { logger, lines } = capture();
    logger.info({
      password: 'p1',
      body: { password: 'p2', newPassword: 'p3', email: 'a@b.c' },
      req: { body: { secret: 's1', token: 't1' } },
    });
    expect(lines[0]).to.deep.include({
      password: '[redacted]',
      body: { password: '[redacted]', newPassword: '[redacted]', email: 'a@b.c' },
      req: { body: { secret: '[redacted]', token: '[redacted]' } },
    });
  });

  it('reports errors without the capability secrets of the URLs they quote', () => {
    const { logger, lines } = capture();
    const secret = 'Zx9_kQ2-vB7nM4pL8rT1yW6eU3iO5aS0dF2gH4jK6lM';
    logger.error({ err: new Error(`EACCES: permission denied, stat '/srv/dist/order/ABCDEFGHJK/${secret}.png'`) }, 'unhandled error');
    expect(JSON.stringify(lines[0])).not.to.include(secret);
    expect((lines[0].err as { message: string }).message).to.equal("EACCES: permission denied, stat '/srv/dist/order/ABCDEFGHJK/:secret'");
    expect((lines[0].err as { type: string }).type).to.equal('Error');
  });
});
