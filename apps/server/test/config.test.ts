import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEnvFile, parseHttpAddress } from '../src/config';

describe('config', () => {
  it('defaults to 127.0.0.1:8090 and ./data', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8090);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://127.0.0.1:8090');
    expect(config.production).toBe(false);
  });

  it('takes PORT and the connection URLs from the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://community.example/',
      SITE_TITLE: 'Giants & Tinies',
      NODE_ENV: 'production',
    });
    expect(config.port).toBe(9000);
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.redisPrefix).toBe('community:');
    expect(config.publicUrl).toBe('https://community.example');
    expect(config.siteTitle).toBe('Giants & Tinies');
    expect(config.production).toBe(true);
  });

  it('lets --http and --dir override the environment', () => {
    const config = loadConfig({ PORT: '9000', DATA_DIR: '/tmp/a' }, { http: '0.0.0.0:7000', dir: '/tmp/b' });
    expect(config).toMatchObject({ host: '0.0.0.0', port: 7000, dataDir: '/tmp/b' });
    expect(config.publicUrl).toBe('http://127.0.0.1:7000');
  });

  it.each(['8090', 'localhost', 'host:99999', ':x'])('rejects --http=%s with a clear error', (value) => {
    expect(() => parseHttpAddress(value)).toThrow(ConfigError);
  });

  it('parses an IPv6 address', () => {
    expect(parseHttpAddress('[::1]:8090')).toEqual({ host: '::1', port: 8090 });
  });

  it('keeps files on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('reads the S3 storage settings, with AWS defaults where none are given', () => {
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_BUCKET: 'community-files',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY: 'key',
        S3_SECRET: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'community-files',
      region: 'eu-central-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'files' }).s3).toEqual({
      endpoint: undefined,
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET is required when S3_ENDPOINT is set/],
    [{ S3_FORCE_PATH_STYLE: 'true' }, /S3_BUCKET is required/],
    [{ S3_BUCKET: 'pb' }, /S3_BUCKET: must be a bucket name/],
    [{ S3_BUCKET: 'Has_Upper' }, /S3_BUCKET/],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY: 'key' }, /S3_ACCESS_KEY and S3_SECRET must be set together/],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT/],
    [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
  ])('rejects inconsistent S3 settings %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ REDIS_PREFIX: 'has space' }, 'REDIS_PREFIX'],
  ])('rejects invalid environment %j and names the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('trusts no proxy unless TRUST_PROXY says so', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '11', '10.0.0.300', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1,,10.0.0.2'])(
    'rejects TRUST_PROXY=%s and names the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it('keeps PostgreSQL statements prepared unless DATABASE_PREPARED_STATEMENTS is false', () => {
    expect(loadConfig({}).preparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).preparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).preparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'true' }).preparedStatements).toBe(true);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'maybe' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS/,
    );
  });

  it("reads the remembered answers' memory budget in MiB, 128 unless ANSWER_CACHE_MB says otherwise", () => {
    expect(loadConfig({}).answerCacheBytes).toBe(128 * 1024 * 1024);
    expect(loadConfig({ ANSWER_CACHE_MB: '16' }).answerCacheBytes).toBe(16 * 1024 * 1024);
    expect(loadConfig({ ANSWER_CACHE_MB: '0' }).answerCacheBytes).toBe(0);
    expect(() => loadConfig({ ANSWER_CACHE_MB: '-1' })).toThrow(/ANSWER_CACHE_MB/);
    expect(() => loadConfig({ ANSWER_CACHE_MB: 'lots' })).toThrow(/ANSWER_CACHE_MB/);
  });

  it('fills in unset variables from a .env file, while the real environment wins', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-env-'));
    try {
      const file = path.join(dir, '.env');
      fs.writeFileSync(file, '# comment\nPORT=9100\nSITE_TITLE="From the file"\nLOG_LEVEL=debug\n');
      const env: NodeJS.ProcessEnv = { PORT: '9200' };
      expect(loadEnvFile(file, env)).toBe(true);
      expect(env).toEqual({ PORT: '9200', SITE_TITLE: 'From the file', LOG_LEVEL: 'debug' });
      expect(loadConfig(env)).toMatchObject({ port: 9200, siteTitle: 'From the file', logLevel: 'debug' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts without a .env file', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(path.join(os.tmpdir(), 'no-such-dir', '.env'), env)).toBe(false);
    expect(env).toEqual({});
  });
});
