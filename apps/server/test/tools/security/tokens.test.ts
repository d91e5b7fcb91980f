import { afterEach, describe, it, expect, vi } from 'vitest';
import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeProtectedHeader } from 'jose';
import { randomTokenKey } from '../../../src/tools/security/random';
import {
  DEFAULT_TOKEN_DURATIONS,
  decodeUnverified,
  recordTokenSecret,
  signRecordToken,
  verifyRecordToken,
  type RecordTokenInput,
} from '../../../src/tools/security/tokens';

const tokenKey = randomTokenKey();
const authSecret = recordTokenSecret(tokenKey, randomTokenKey());
const fileSecret = recordTokenSecret(tokenKey, randomTokenKey());
const base = { recordId: 'abcdefghij12345', collectionId: 'pbc_1234567890' } as const;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

afterEach(() => {
  vi.useRealTimers();
});

describe('signRecordToken / verifyRecordToken', () => {
  const cases: [RecordTokenInput, string[]][] = [
    [{ ...base, type: 'auth' }, ['collectionId', 'exp', 'id', 'refreshable', 'type']],
    [{ ...base, type: 'file' }, ['collectionId', 'exp', 'id', 'type']],
    [
      { ...base, type: 'verification', extra: { email: 'a@b.c' } },
      ['collectionId', 'email', 'exp', 'id', 'type'],
    ],
    [
      { ...base, type: 'passwordReset', extra: { email: 'a@b.c' } },
      ['collectionId', 'email', 'exp', 'id', 'type'],
    ],
    [
      { ...base, type: 'emailChange', extra: { email: 'a@b.c', newEmail: 'new@b.c' } },
      ['collectionId', 'email', 'exp', 'id', 'newEmail', 'type'],
    ],
  ];

  it.each(cases)('round-trips a $type token with exactly PocketBase claims', async (input, keys) => {
    const duration = DEFAULT_TOKEN_DURATIONS[input.type];
    const token = await signRecordToken(input, authSecret, duration);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = payloadOf(token);
    expect(Object.keys(payload).sort()).toEqual(keys);
    expect(payload).toMatchObject({ id: base.recordId, collectionId: base.collectionId, type: input.type });
    expect(Math.abs((payload.exp as number) - (nowSeconds() + duration))).toBeLessThanOrEqual(1);
    const claims = await verifyRecordToken(token, authSecret, input.type);
    expect(claims).toEqual(payload);
    expect(decodeUnverified(token)).toEqual(payload);
  });

  it('marks auth tokens refreshable unless told otherwise (impersonation)', async () => {
    const normal = await signRecordToken({ ...base, type: 'auth' }, authSecret, 60);
    const impersonated = await signRecordToken({ ...base, type: 'auth', refreshable: false }, authSecret, 60);
    expect((await verifyRecordToken(normal, authSecret, 'auth'))?.refreshable).toBe(true);
    expect((await verifyRecordToken(impersonated, authSecret, 'auth'))?.refreshable).toBe(false);
  });

  it('interoperates with any HS256 implementation over tokenKey + collection secret', async () => {
    const collectionSecret = randomTokenKey();
    const unsigned = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({
      collectionId: base.collectionId,
      exp: nowSeconds() + 60,
      id: base.recordId,
      refreshable: true,
      type: 'auth',
    })}`;
    const signature = createHmac('sha256', tokenKey + collectionSecret)
      .update(unsigned)
      .digest('base64url');
    const secret = recordTokenSecret(tokenKey, collectionSecret);
    expect(await verifyRecordToken(`${unsigned}.${signature}`, secret, 'auth')).toMatchObject({
      id: base.recordId,
    });
  });

  it('rejects expired tokens and tokens without exp', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 2 * 3600_000);
    const old = await signRecordToken({ ...base, type: 'auth' }, authSecret, 3600);
    vi.useRealTimers();
    expect(await verifyRecordToken(old, authSecret, 'auth')).toBeNull();
    expect(decodeUnverified(old)).toMatchObject({ id: base.recordId }); // still readable, never trusted
    const noExp = await new SignJWT({ id: base.recordId, collectionId: base.collectionId, type: 'auth' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(authSecret));
    expect(await verifyRecordToken(noExp, authSecret, 'auth')).toBeNull();
  });

  it('checks the time again on every use of a token it already verified', async () => {
    const token = await signRecordToken({ ...base, type: 'auth' }, authSecret, 60);
    expect(await verifyRecordToken(token, authSecret, 'auth')).toMatchObject({ id: base.recordId });
    // Verified once (and remembered): a minute later it has expired all the same.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await verifyRecordToken(token, authSecret, 'auth')).toBeNull();
    vi.useRealTimers();
    expect(await verifyRecordToken(token, authSecret, 'auth')).toMatchObject({ id: base.recordId });
    // A rotated tokenKey is another secret; another type is refused as before.
    const rotated = recordTokenSecret(randomTokenKey(), authSecret.slice(tokenKey.length));
    expect(await verifyRecordToken(token, rotated, 'auth')).toBeNull();
    expect(await verifyRecordToken(token, authSecret, 'file')).toBeNull();
    // Each answer is the caller's own copy.
    const first = await verifyRecordToken(token, authSecret, 'auth');
    first!.id = 'changed';
    expect(await verifyRecordToken(token, authSecret, 'auth')).toMatchObject({ id: base.recordId });
  });

  it('rejects iat or nbf in the future', async () => {
    const key = new TextEncoder().encode(authSecret);
    const claims = { id: base.recordId, collectionId: base.collectionId, type: 'auth', refreshable: true };
    const sign = (extra: Record<string, number>) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(key);
    expect(await verifyRecordToken(await sign({}), authSecret, 'auth')).not.toBeNull();
    expect(await verifyRecordToken(await sign({ iat: nowSeconds() - 5 }), authSecret, 'auth')).not.toBeNull();
    expect(await verifyRecordToken(await sign({ iat: nowSeconds() + 600 }), authSecret, 'auth')).toBeNull();
    expect(await verifyRecordToken(await sign({ nbf: nowSeconds() + 600 }), authSecret, 'auth')).toBeNull();
  });

  it('never accepts a token of another type, even under the same secret', async () => {
    for (const type of ['file', 'verification', 'passwordReset', 'emailChange'] as const) {
      const extra = { email: 'a@b.c', newEmail: 'n@b.c' };
      const token = await signRecordToken(
        {
          ...base,
          type,
          extra: type === 'file' ? {} : type === 'emailChange' ? extra : { email: extra.email },
        },
        authSecret,
        60,
      );
      expect(await verifyRecordToken(token, authSecret, 'auth')).toBeNull();
    }
    const auth = await signRecordToken({ ...base, type: 'auth' }, authSecret, 60);
    expect(await verifyRecordToken(auth, authSecret, 'file')).toBeNull();
    // With per-type secrets the signature fails too: relabelling the type cannot help.
    const file = await signRecordToken({ ...base, type: 'file' }, fileSecret, 60);
    expect(await verifyRecordToken(file, fileSecret, 'file')).not.toBeNull();
    expect(await verifyRecordToken(file, authSecret, 'file')).toBeNull();
  });

  it('rejects a tampered payload or signature', async () => {
    const token = await signRecordToken({ ...base, type: 'auth', refreshable: false }, authSecret, 60);
    const [header, , signature] = token.split('.');
    const forged = { ...payloadOf(token), id: 'zzzzzzzzzzzzzzz', refreshable: true };
    expect(
      await verifyRecordToken(`${header}.${b64url(forged)}.${signature}`, authSecret, 'auth'),
    ).toBeNull();
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(
      await verifyRecordToken(`${header}.${token.split('.')[1]}.${flipped}`, authSecret, 'auth'),
    ).toBeNull();
    expect(await verifyRecordToken(`${header}.${token.split('.')[1]}.`, authSecret, 'auth')).toBeNull();
  });

  it('rejects alg none and every algorithm other than HS256', async () => {
    const claims = { id: base.recordId, collectionId: base.collectionId, type: 'auth', refreshable: true };
    const exp = nowSeconds() + 60;
    const none = new UnsecuredJWT(claims).setExpirationTime(exp).encode();
    expect(decodeProtectedHeader(none).alg).toBe('none');
    expect(await verifyRecordToken(none, authSecret, 'auth')).toBeNull();
    const handmade = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, exp })}.`;
    expect(await verifyRecordToken(handmade, authSecret, 'auth')).toBeNull();
    const key = new TextEncoder().encode(authSecret);
    for (const alg of ['HS384', 'HS512']) {
      const other = await new SignJWT(claims).setProtectedHeader({ alg }).setExpirationTime(exp).sign(key);
      expect(await verifyRecordToken(other, authSecret, 'auth')).toBeNull();
    }
  });

  it('rejects a critical header extension and a second spelling of the same signature', async () => {
    const claims = { id: base.recordId, collectionId: base.collectionId, type: 'auth', refreshable: true };
    const unsigned = (header: object) => `${b64url(header)}.${b64url({ ...claims, exp: nowSeconds() + 60 })}`;
    const sign = (text: string) => createHmac('sha256', authSecret).update(text).digest('base64url');
    const plain = unsigned({ alg: 'HS256', typ: 'JWT' });
    expect(await verifyRecordToken(`${plain}.${sign(plain)}`, authSecret, 'auth')).not.toBeNull();
    const crit = unsigned({ alg: 'HS256', crit: ['b64'], b64: false });
    expect(await verifyRecordToken(`${crit}.${sign(crit)}`, authSecret, 'auth')).toBeNull();
    // 32 bytes leave 2 spare bits in the last base64url character: flipping one decodes to the
    // same bytes, and must still be refused (one token, one spelling).
    const signature = sign(plain);
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(Buffer.from(signature.slice(0, -1) + twin, 'base64url')).toEqual(
      Buffer.from(signature, 'base64url'),
    );
    expect(
      await verifyRecordToken(`${plain}.${signature.slice(0, -1)}${twin}`, authSecret, 'auth'),
    ).toBeNull();
  });

  it('rejects tokens signed before the tokenKey was rotated (password change, logout everywhere)', async () => {
    const collectionSecret = randomTokenKey();
    const before = await signRecordToken(
      { ...base, type: 'auth' },
      recordTokenSecret(tokenKey, collectionSecret),
      60,
    );
    const rotated = recordTokenSecret(randomTokenKey(), collectionSecret);
    expect(await verifyRecordToken(before, rotated, 'auth')).toBeNull();
    const otherCollectionSecret = recordTokenSecret(tokenKey, randomTokenKey());
    expect(await verifyRecordToken(before, otherCollectionSecret, 'auth')).toBeNull();
  });

  it('returns null for garbage and refuses bad inputs loudly', async () => {
    for (const garbage of ['', 'abc', 'a.b.c', '...', `${'a'.repeat(9000)}.b.c`, 42 as unknown as string]) {
      expect(await verifyRecordToken(garbage, authSecret, 'auth')).toBeNull();
      expect(decodeUnverified(garbage)).toBeNull();
    }
    const header = b64url({ alg: 'HS256', typ: 'JWT' });
    expect(decodeUnverified(`${header}.${b64url({ id: 'x', type: 'auth' })}.sig`)).toBeNull();
    expect(
      decodeUnverified(`${header}.${b64url({ id: 'x', collectionId: 'c', type: 'admin' })}.sig`),
    ).toBeNull();
    await expect(signRecordToken({ ...base, type: 'auth' }, 'short', 60)).rejects.toThrow(RangeError);
    await expect(signRecordToken({ ...base, type: 'auth' }, authSecret, 0)).rejects.toThrow(RangeError);
    await expect(signRecordToken({ ...base, type: 'verification' }, authSecret, 60)).rejects.toThrow(/email/);
    await expect(
      signRecordToken({ ...base, type: 'emailChange', extra: { email: 'a@b.c' } }, authSecret, 60),
    ).rejects.toThrow(/newEmail/);
    await expect(
      signRecordToken({ ...base, type: 'file', refreshable: true }, authSecret, 60),
    ).rejects.toThrow();
    await expect(
      signRecordToken({ ...base, type: 'auth', extra: { exp: 1 } }, authSecret, 60),
    ).rejects.toThrow();
    expect(() => recordTokenSecret('', 'x'.repeat(40))).toThrow(TypeError);
    expect(() => recordTokenSecret(tokenKey, '')).toThrow(TypeError);
  });
});
