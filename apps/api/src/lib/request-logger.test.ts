import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLoggerFactory } from './request-logger.ts';

/** A Fastify app whose pino logger writes JSON lines into an array, at the given level. */
async function appLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level }, stream),
    childLoggerFactory: requestLoggerFactory,
    genReqId: () => 'req-under-test',
  });
  app.get('/work', async (request) => {
    request.log.info({ step: 'detail' }, 'routine detail');
    request.log.warn({ step: 'odd' }, 'something odd');
    request.log.child({ part: 'inner' }).error('inner failure');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('request loggers', () => {
  it('above info, writes only what reaches the level, still tagged with the request id', async () => {
    const { app, lines } = await appLoggingAt('warn');
    const res = await app.inject({ method: 'GET', url: '/work' });
    expect(res.statusCode).toBe(200);
    expect(lines.map((l) => l.msg)).toEqual(['something odd', 'inner failure']);
    expect(lines.every((l) => l.reqId === 'req-under-test')).toBe(true);
    expect(lines[0]).toMatchObject({ step: 'odd', level: 40 });
    expect(lines[1]).toMatchObject({ part: 'inner', level: 50 });
    await app.close();
  });

  it("at info, writes Fastify's request lines and the route's own, as a plain pino child would", async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/work' });
    const messages = lines.map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'incoming request',
        'routine detail',
        'something odd',
        'inner failure',
        'request completed',
      ]),
    );
    expect(lines.every((l) => l.reqId === 'req-under-test')).toBe(true);
    await app.close();
  });

  it('makes the pino child only when a line is written, and once', () => {
    const parent = pino({ level: 'warn' }, new Writable({ write: (_c, _e, done) => done() }));
    const child = vi.spyOn(parent, 'child');
    const log = requestLoggerFactory.call(Fastify(), parent, { reqId: 'r1' }, {}, {} as never);
    log.info('below the level');
    log.debug('below the level');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
    log.warn('first line');
    log.error('second line');
    expect(child).toHaveBeenCalledTimes(1);
    expect(child).toHaveBeenCalledWith({ reqId: 'r1' }, {});
  });
});
