/**
 * The per-address mail limits read the address from the body whatever its content type: JSON,
 * multipart and url-encoded are all forms PocketBase reads, and an attacker picks the one the limit
 * forgets (issue 41: seven reset, verification or email-change mails in a row over multipart).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { buildFixture, type Fixture } from '../support/fixture';

type ContentType = 'json' | 'multipart' | 'urlencoded';
const CONTENT_TYPES: ContentType[] = ['json', 'multipart', 'urlencoded'];
const BOUNDARY = '----limits-every-body';

/** The same fields as each content type sends them. */
function encode(type: ContentType, fields: Record<string, string>) {
  if (type === 'json') return { payload: JSON.stringify(fields), contentType: 'application/json' };
  if (type === 'urlencoded')
    return {
      payload: new URLSearchParams(fields).toString(),
      contentType: 'application/x-www-form-urlencoded',
    };
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}

describeEachDialect('mail limits on every body', (getDb) => {
  let fx: Fixture;
  let sender = 0;
  const send = (endpoint: string, type: ContentType, fields: Record<string, string>, token?: string) => {
    const { payload, contentType } = encode(type, fields);
    sender += 1;
    return fx.server.inject({
      method: 'POST',
      url: `/api/collections/members/${endpoint}`,
      payload,
      headers: { 'content-type': contentType, ...(token ? { authorization: token } : {}) },
      // Every request from another address: only the per-address limit can stop them.
      remoteAddress: `10.1.${Math.floor(sender / 200)}.${sender % 200}`,
    });
  };

  beforeAll(async () => {
    fx = await buildFixture(getDb(), { rateLimits: true });
  });
  afterAll(async () => {
    await fx.server.close();
  });

  const endpoints = [
    { endpoint: 'request-password-reset', field: 'email', signedIn: false },
    { endpoint: 'request-verification', field: 'email', signedIn: false },
    { endpoint: 'request-email-change', field: 'newEmail', signedIn: true },
  ];
  for (const { endpoint, field, signedIn } of endpoints) {
    for (const type of CONTENT_TYPES) {
      it(`${endpoint} sent as ${type}: five mails to one address, then 429`, async () => {
        const address = `target-${endpoint}-${type}@elsewhere.example`;
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          const res = await send(
            endpoint,
            type,
            { [field]: address },
            signedIn ? fx.tokens.alice : undefined,
          );
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
      });
    }
  }

  it('counts one address across content types, whatever its case', async () => {
    const address = 'mixed@elsewhere.example';
    const statuses: number[] = [];
    for (const type of [...CONTENT_TYPES, ...CONTENT_TYPES]) {
      const spelled = statuses.length % 2 ? address.toUpperCase() : address;
      statuses.push((await send('request-password-reset', type, { email: spelled })).statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
  });

  it('still answers a multipart sign-in after the limits read its body', async () => {
    const res = await send('auth-with-password', 'multipart', {
      identity: 'bob',
      password: 'correct horse battery',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ record: { id: string } }>().record.id).toBe('bobbbbbbbbbbbbb');
  });
});
