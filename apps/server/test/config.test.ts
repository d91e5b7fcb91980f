import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseHttpAddress } from '../src/config';

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

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ REDIS_PREFIX: 'has space' }, 'REDIS_PREFIX'],
  ])('rejects invalid environment %j and names the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });
});
