import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'aduro-config-'));

describe('configuration', () => {
  it('defaults to port 3000, ./data, demo seed on and info logs', () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config.env.PORT).toBe(3000);
    expect(config.env.SEED_DEMO).toBe(true);
    expect(config.env.LOG_LEVEL).toBe('info');
    expect(config.env.DATABASE_URL).toBeUndefined();
  });

  it('names each bad variable in one message', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SEED_DEMO: 'maybe',
        LOG_LEVEL: 'loud',
        LLM_BASE_URL: 'not a url',
        DATA_DIR: tmp(),
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT: must be a port number');
      expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
      expect(message).toContain('SEED_DEMO: must be true or false');
      expect(message).toContain('LOG_LEVEL');
      expect(message).toContain('LLM_BASE_URL: must be a URL');
    }
  });

  it('reads SEED_DEMO=false and treats empty optional values as unset', () => {
    const config = loadConfig({ SEED_DEMO: 'false', DATABASE_URL: '', ADMIN_NAME: ' ', DATA_DIR: tmp() });
    expect(config.env.SEED_DEMO).toBe(false);
    expect(config.env.DATABASE_URL).toBeUndefined();
    expect(config.env.ADMIN_NAME).toBeUndefined();
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together, with a password of at least 8', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops@aduro.test', DATA_DIR: tmp() })).toThrow(
      /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    );
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'ops@aduro.test', ADMIN_PASSWORD: 'short', DATA_DIR: tmp() }),
    ).toThrow(/ADMIN_PASSWORD: must be at least 8 characters/);
  });

  it('refuses to start in production without AUTH_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(
      /AUTH_SECRET: is required in production/,
    );
    expect(() => loadConfig({ AUTH_SECRET: 'too-short', DATA_DIR: tmp() })).toThrow(/at least 32 characters/);
  });

  it('trusts no proxy unless TRUST_PROXY says true, a hop count or a list of addresses and ranges', () => {
    const trust = (TRUST_PROXY?: string) =>
      loadConfig({ DATA_DIR: tmp(), ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).env.TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7,fd00::/8, loopback, 172.16.0.0/255.240.0.0')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
      '172.16.0.0/255.240.0.0',
    ]);
  });

  it('gives Fastify a hop count as a function believing that many nearest proxies', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const twoHops = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('203.0.113.9', hop))).toEqual([true, true, false]);
  });

  it('refuses a TRUST_PROXY that is no flag, hop count or address list, naming the bad entry', () => {
    const attempt = (TRUST_PROXY: string) => () => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY });
    expect(attempt('yes please')).toThrow(
      /TRUST_PROXY: must be true, false, a number of proxy hops, or a comma-separated list of addresses or CIDR ranges .*"yes please" is none of these/,
    );
    expect(attempt('10.0.0.0/8, 10.0.0.300')).toThrow(/"10\.0\.0\.300" is none of these/);
    expect(attempt('10.0.0.0/33')).toThrow(/"10\.0\.0\.0\/33" is none of these/);
    expect(attempt('0')).toThrow(/TRUST_PROXY: .*hops go from 1 to 100/);
    expect(attempt('10.0.0.1,')).toThrow(/TRUST_PROXY: .*"" is none of these/);
  });

  it('times out database connects after 5 s, statements after 15 s and requests after 30 s unless told', () => {
    const defaults = loadConfig({ DATA_DIR: tmp(), DB_CONNECT_TIMEOUT_MS: '' }).env;
    expect(defaults.DB_CONNECT_TIMEOUT_MS).toBe(5_000);
    expect(defaults.DB_STATEMENT_TIMEOUT_MS).toBe(15_000);
    expect(defaults.REQUEST_TIMEOUT_MS).toBe(30_000);
    const set = loadConfig({
      DATA_DIR: tmp(),
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '8000',
      REQUEST_TIMEOUT_MS: '12000',
    }).env;
    expect([set.DB_CONNECT_TIMEOUT_MS, set.DB_STATEMENT_TIMEOUT_MS, set.REQUEST_TIMEOUT_MS]).toEqual([
      2_000, 8_000, 12_000,
    ]);
  });

  it('refuses a timeout that is no whole number of milliseconds from 100 to an hour, naming it', () => {
    const attempt = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: tmp(), ...env });
    expect(attempt({ DB_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(
      /DB_CONNECT_TIMEOUT_MS: must be a number of milliseconds/,
    );
    expect(attempt({ DB_STATEMENT_TIMEOUT_MS: '1.5' })).toThrow(
      /DB_STATEMENT_TIMEOUT_MS: must be a whole number of milliseconds/,
    );
    expect(attempt({ REQUEST_TIMEOUT_MS: '50' })).toThrow(
      /REQUEST_TIMEOUT_MS: must be at least 100 milliseconds/,
    );
    expect(attempt({ REQUEST_TIMEOUT_MS: '7200000' })).toThrow(/REQUEST_TIMEOUT_MS: must be at most 3600000/);
  });

  it('sends through an smtp:// or smtps:// SMTP_URL, and writes files when it is unset or empty', () => {
    const smtp = (SMTP_URL?: string) =>
      loadConfig({ DATA_DIR: tmp(), ...(SMTP_URL === undefined ? {} : { SMTP_URL }) }).env.SMTP_URL;
    expect(smtp()).toBeUndefined();
    expect(smtp(' ')).toBeUndefined();
    expect(smtp('smtp://aduro:secret@mail.example.com:587')).toBe('smtp://aduro:secret@mail.example.com:587');
    expect(smtp('smtps://mail.example.com')).toBe('smtps://mail.example.com');
  });

  it('refuses an SMTP_URL that is no smtp:// or smtps:// URL, without repeating its password', () => {
    const attempt = (SMTP_URL: string) => () => loadConfig({ DATA_DIR: tmp(), SMTP_URL });
    expect(attempt('http://x')).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL with a host \(e\.g\. smtp:\/\/user:password@mail\.example\.com:587\)/,
    );
    expect(attempt('smtp://')).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(attempt('mail.example.com:587')).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    let message = '';
    try {
      attempt('smtp://aduro:hunter2@mail.example.com:99999')();
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(message).not.toContain('hunter2');
  });

  it('sends from Aduro <no-reply@aduro.local> unless MAIL_FROM names one address, with or without a name', () => {
    const from = (MAIL_FROM?: string) =>
      loadConfig({ DATA_DIR: tmp(), ...(MAIL_FROM === undefined ? {} : { MAIL_FROM }) }).env.MAIL_FROM;
    expect(from()).toBe('Aduro <no-reply@aduro.local>');
    expect(from('')).toBe('Aduro <no-reply@aduro.local>');
    expect(from('orders@pharma.example.com')).toBe('orders@pharma.example.com');
    expect(from('"Aduro, Accra" <orders@pharma.example.com>')).toBe(
      '"Aduro, Accra" <orders@pharma.example.com>',
    );
    const attempt = (MAIL_FROM: string) => () => loadConfig({ DATA_DIR: tmp(), MAIL_FROM });
    for (const bad of ['Aduro', 'Aduro <no-reply>', 'a@example.com, b@example.com']) {
      expect(attempt(bad)).toThrow(
        /MAIL_FROM: must be one e-mail address, optionally with a display name \(e\.g\. Aduro <no-reply@example\.com>\)/,
      );
    }
  });

  it('links e-mail to http://localhost:PORT unless APP_URL is set, kept without a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).appUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '8080', APP_URL: '' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: tmp(), APP_URL: 'https://aduro.example.com/' }).appUrl).toBe(
      'https://aduro.example.com',
    );
    expect(loadConfig({ DATA_DIR: tmp(), APP_URL: 'https://example.com/aduro//' }).appUrl).toBe(
      'https://example.com/aduro',
    );
  });

  it('refuses an APP_URL that is no http:// or https:// URL, naming it', () => {
    const attempt = (APP_URL: string) => () => loadConfig({ DATA_DIR: tmp(), APP_URL });
    expect(attempt('aduro.example.com')).toThrow(
      /APP_URL: must be an http:\/\/ or https:\/\/ URL \(e\.g\. https:\/\/aduro\.example\.com\)/,
    );
    expect(attempt('ftp://aduro.example.com')).toThrow(/APP_URL: must be an http:\/\/ or https:\/\/ URL/);
  });

  it('leaves mobile money off without PAYSTACK_SECRET_KEY, and reaches api.paystack.co with one', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PAYSTACK_SECRET_KEY: ' ' }).paystack).toBeNull();
    expect(loadConfig({ DATA_DIR: tmp(), PAYSTACK_SECRET_KEY: 'sk_test_abc123XYZ' }).paystack).toEqual({
      secretKey: 'sk_test_abc123XYZ',
      baseUrl: 'https://api.paystack.co',
    });
    const local = loadConfig({
      DATA_DIR: tmp(),
      PAYSTACK_SECRET_KEY: 'sk_live_abc123XYZ',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:4010//',
    });
    expect(local.paystack).toEqual({ secretKey: 'sk_live_abc123XYZ', baseUrl: 'http://127.0.0.1:4010' });
  });

  it('refuses a PAYSTACK_SECRET_KEY that is no sk_test_/sk_live_ key, without repeating it', () => {
    for (const bad of ['pk_test_abc123XYZ', 'sk_test_short', 'sk_prod_abc123XYZ', 'sk_live_abc123XYZ!']) {
      let message = '';
      try {
        loadConfig({ DATA_DIR: tmp(), PAYSTACK_SECRET_KEY: bad });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toContain(
        'PAYSTACK_SECRET_KEY: must be a Paystack secret key (sk_test_… or sk_live_…)',
      );
      expect(message).not.toContain(bad);
    }
  });

  it('leaves GET /metrics off without METRICS_TOKEN, and takes a token of 32 printable characters or more', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).env.METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: '  ' }).env.METRICS_TOKEN).toBeUndefined();
    const token = 'b3f1c0de'.repeat(4);
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: ` ${token} ` }).env.METRICS_TOKEN).toBe(token);
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters or with a space, without repeating it', () => {
    const cases = [
      ['short-token-1234', 'METRICS_TOKEN: must be at least 32 characters'],
      [
        'a token with spaces in the middle of it',
        'METRICS_TOKEN: must be printable ASCII characters without spaces',
      ],
    ] as const;
    for (const [bad, expected] of cases) {
      let message = '';
      try {
        loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: bad });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toContain(expected);
      expect(message).not.toContain(bad);
    }
  });

  it('refuses a PAYSTACK_BASE_URL without the key, or that is no http(s) URL', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PAYSTACK_BASE_URL: 'https://api.paystack.co' })).toThrow(
      /PAYSTACK_BASE_URL: PAYSTACK_BASE_URL is set but PAYSTACK_SECRET_KEY is not/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: tmp(),
        PAYSTACK_SECRET_KEY: 'sk_test_abc123XYZ',
        PAYSTACK_BASE_URL: 'api.paystack.co',
      }),
    ).toThrow(/PAYSTACK_BASE_URL: must be an http:\/\/ or https:\/\/ URL/);
  });

  it('in production, takes an sk_test_ key but reaches Paystack over http:// only on this machine', () => {
    const production = (PAYSTACK_BASE_URL: string) => () =>
      loadConfig({
        DATA_DIR: tmp(),
        NODE_ENV: 'production',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
        PAYSTACK_SECRET_KEY: 'sk_test_abc123XYZ',
        PAYSTACK_BASE_URL,
      }).paystack?.baseUrl;
    expect(production('https://api.paystack.co')()).toBe('https://api.paystack.co');
    expect(production('http://localhost:4010')()).toBe('http://localhost:4010');
    expect(production('http://127.0.0.1:4010')()).toBe('http://127.0.0.1:4010');
    expect(production('http://paystack.internal:4010')).toThrow(
      /PAYSTACK_BASE_URL: must be an https:\/\/ URL in production \(http:\/\/ only to localhost or 127\.0\.0\.1\)/,
    );
    // Outside production a fake on another host of the test network is fine.
    expect(
      loadConfig({
        DATA_DIR: tmp(),
        PAYSTACK_SECRET_KEY: 'sk_test_abc123XYZ',
        PAYSTACK_BASE_URL: 'http://paystack.internal:4010',
      }).paystack?.baseUrl,
    ).toBe('http://paystack.internal:4010');
  });

  it('generates a development secret once and keeps it in the data folder', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.authSecret);
  });
});
