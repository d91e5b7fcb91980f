import { afterAll, describe, it, expect } from 'vitest';
import bcrypt from 'bcryptjs';
import {
  MAX_PASSWORD_BYTES,
  MIN_BCRYPT_COST,
  PasswordHasher,
  PasswordHasherBusyError,
  PasswordHasherClosedError,
  PasswordTooLongError,
  bcryptCost,
} from '../../../src/tools/security/password';

const hasher = new PasswordHasher();
afterAll(() => hasher.close());

const FIXED_PASSWORD = 'correct horse battery staple';
const FIXED_SALT = '$2b$10$abcdefghijklmnopqrstuu';
// Golden value: bcrypt(FIXED_PASSWORD, FIXED_SALT). Guards against a library change altering output.
const FIXED_HASH = '$2b$10$abcdefghijklmnopqrstuuGGgFFcYeueaAql8Z7U7CnCTRw4DR77W';

describe('PasswordHasher.hash / verify', () => {
  it('makes salted $2b$ bcrypt hashes at cost >= 10 that verify', async () => {
    expect(MIN_BCRYPT_COST).toBeGreaterThanOrEqual(10);
    const [a, b] = await Promise.all([hasher.hash('1234567890'), hasher.hash('1234567890')]);
    expect(a).toMatch(/^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    expect(bcryptCost(a)).toBeGreaterThanOrEqual(MIN_BCRYPT_COST);
    expect(a).not.toBe(b);
    expect(await hasher.verify('1234567890', a)).toBe(true);
    expect(await hasher.verify('1234567890', b)).toBe(true);
    expect(await hasher.verify('1234567891', a)).toBe(false);
    expect(await hasher.verify('', a)).toBe(false);
  });

  it('honours a configured cost and refuses costs below the minimum', async () => {
    const strong = new PasswordHasher({ cost: 11, poolSize: 1 });
    try {
      const hash = await strong.hash('pa55word!');
      expect(bcryptCost(hash)).toBe(11);
      expect(await hasher.verify('pa55word!', hash)).toBe(true);
      expect(hasher.needsRehash(hash)).toBe(false);
    } finally {
      await strong.close();
    }
    for (const cost of [4, 9, 10.5, 32]) expect(() => new PasswordHasher({ cost })).toThrow(RangeError);
    expect(() => new PasswordHasher({ poolSize: 0 })).toThrow(RangeError);
    expect(() => new PasswordHasher({ maxQueue: -1 })).toThrow(RangeError);
  });

  it('verifies a known fixed-salt cost-10 hash, with both the $2b$ and the Go/PocketBase $2a$ prefix', async () => {
    expect(bcrypt.hashSync(FIXED_PASSWORD, FIXED_SALT)).toBe(FIXED_HASH);
    expect(await hasher.verify(FIXED_PASSWORD, FIXED_HASH)).toBe(true);
    expect(await hasher.verify(FIXED_PASSWORD, FIXED_HASH.replace('$2b$', '$2a$'))).toBe(true);
    expect(await hasher.verify(FIXED_PASSWORD.toUpperCase(), FIXED_HASH)).toBe(false);
  });

  it('verifies published crypt_blowfish $2a$ test vectors', async () => {
    const vectors: [string, string][] = [
      ['U*U', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW'],
      ['U*U*', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK'],
      ['U*U*U', '$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a'],
    ];
    for (const [plain, hash] of vectors) {
      expect(await hasher.verify(plain, hash)).toBe(true);
      expect(await hasher.verify(`${plain}x`, hash)).toBe(false);
    }
  });

  it('accepts 71 UTF-8 bytes and rejects 72+, counting bytes not characters', async () => {
    const ascii71 = 'a'.repeat(MAX_PASSWORD_BYTES);
    expect(await hasher.verify(ascii71, await hasher.hash(ascii71))).toBe(true);
    const accented71 = `${'é'.repeat(35)}a`; // 35 * 2 + 1 bytes, 36 characters
    const emoji71 = `${'😀'.repeat(17)}abc`; // 17 * 4 + 3 bytes
    for (const plain of [accented71, emoji71]) {
      expect(Buffer.byteLength(plain)).toBe(71);
      expect(await hasher.verify(plain, await hasher.hash(plain))).toBe(true);
    }
    for (const plain of [
      'a'.repeat(72),
      'é'.repeat(36),
      '😀'.repeat(18),
      `${accented71}é`,
      'x'.repeat(500),
    ]) {
      const error: unknown = await hasher.hash(plain).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PasswordTooLongError);
      expect((error as PasswordTooLongError).bytes).toBe(Buffer.byteLength(plain));
      expect((error as PasswordTooLongError).code).toBe('PASSWORD_TOO_LONG');
    }
  });

  it('never truncates: over-long or truncated candidates do not verify', async () => {
    const plain = `${'é'.repeat(35)}a`;
    const hash = await hasher.hash(plain);
    expect(await hasher.verify(`${plain}b`, hash)).toBe(false); // 72 bytes: bcrypt would read only 72
    expect(await hasher.verify(`${plain}${'z'.repeat(100)}`, hash)).toBe(false);
    expect(await hasher.verify(plain.slice(0, -1), hash)).toBe(false);
    // A 72-byte hash made elsewhere (bcrypt's own limit) is not matched by its over-long variants either.
    const made72 = bcrypt.hashSync('k'.repeat(72), FIXED_SALT);
    expect(await hasher.verify('k'.repeat(73), made72)).toBe(false);
  });

  it('hashes lone surrogates as U+FFFD, as Go and Node UTF-8 encoding do', async () => {
    const hash = await hasher.hash('\ud800secret');
    expect(await hasher.verify('\ufffdsecret', hash)).toBe(true);
  });

  it('answers false, never throws, for malformed hashes and non-string input', async () => {
    const body = 'a'.repeat(53);
    const malformed = [
      '',
      'plaintext',
      '$2b$10$short',
      `$2b$03$${body}`,
      `$2b$32$${body}`,
      `$2x$10$${body}`,
      `$2b$10$${body}x`,
      `$2b$10$${'!'.repeat(53)}`,
      `$2b$1$${body}a`,
      '5f4dcc3b5aa765d61d8327deb882cf99',
      `$argon2id$v=19$m=19456,t=2,p=1$${body}`,
    ];
    for (const hash of malformed) expect(await hasher.verify('password', hash)).toBe(false);
    expect(await hasher.verify('password', null as unknown as string)).toBe(false);
    expect(await hasher.verify(42 as unknown as string, FIXED_HASH)).toBe(false);
    expect(hasher.needsRehash('garbage')).toBe(true);
    expect(hasher.needsRehash('$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW')).toBe(true);
    expect(hasher.needsRehash(FIXED_HASH)).toBe(false);
  });

  it('verifyDummy spends a bcrypt verification and is always false', async () => {
    expect(await hasher.verifyDummy('whatever')).toBe(false);
    expect(await hasher.verifyDummy('')).toBe(false);
  });
});

describe('PasswordHasher pool', () => {
  it('creates workers lazily and never more than poolSize', async () => {
    const pool = new PasswordHasher({ poolSize: 2, maxQueue: 10 });
    try {
      expect(pool.stats()).toEqual({ workers: 0, busy: 0, queued: 0 });
      const jobs = Array.from({ length: 5 }, (_, i) => pool.hash(`password-${i}`));
      expect(pool.stats()).toEqual({ workers: 2, busy: 2, queued: 3 });
      const hashes = await Promise.all(jobs);
      expect(await pool.verify('password-4', hashes[4]!)).toBe(true);
      expect(pool.stats()).toEqual({ workers: 2, busy: 0, queued: 0 });
    } finally {
      await pool.close();
    }
  });

  it('rejects a burst beyond the queue cap with PasswordHasherBusyError, then recovers', async () => {
    const pool = new PasswordHasher({ poolSize: 1, maxQueue: 2 });
    try {
      const settled: string[] = [];
      const burst = Array.from({ length: 6 }, (_, i) =>
        pool.hash(`burst-${i}`).then(
          () => settled.push(`ok${i}`),
          (error: unknown) => settled.push(error instanceof PasswordHasherBusyError ? `busy${i}` : `err${i}`),
        ),
      );
      const verifyWhileFull = pool.verify('x', FIXED_HASH).catch((error: unknown) => error);
      expect(pool.stats()).toEqual({ workers: 1, busy: 1, queued: 2 });
      expect(await verifyWhileFull).toBeInstanceOf(PasswordHasherBusyError);
      await Promise.all(burst);
      // The overflow is refused immediately, before any hash finishes; the admitted ones run in order.
      expect(settled).toEqual(['busy3', 'busy4', 'busy5', 'ok0', 'ok1', 'ok2']);
      expect(new PasswordHasherBusyError().code).toBe('PASSWORD_HASHER_BUSY');
      expect(await pool.verify(FIXED_PASSWORD, FIXED_HASH)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('close() terminates workers, rejects pending jobs and later calls', async () => {
    const pool = new PasswordHasher({ poolSize: 1, maxQueue: 4 });
    const running = pool.hash('first').catch((error: unknown) => error);
    const queued = pool.verify('second', FIXED_HASH).catch((error: unknown) => error);
    await pool.close();
    expect(await running).toBeInstanceOf(PasswordHasherClosedError);
    expect(await queued).toBeInstanceOf(PasswordHasherClosedError);
    expect(pool.stats()).toEqual({ workers: 0, busy: 0, queued: 0 });
    await expect(pool.hash('third')).rejects.toBeInstanceOf(PasswordHasherClosedError);
    await expect(pool.close()).resolves.toBeUndefined();
  });
});
