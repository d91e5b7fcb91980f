import { PASSWORD, describeWithFixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

describeWithFixture('auth with password and refresh', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'not an auth collection',
      method: 'POST',
      url: '/api/collections/posts/auth-with-password',
      body: { identity: 'a', password: 'b' },
      status: 404,
      contains: ['Missing or invalid auth collection context.'],
    },
    {
      name: 'empty data',
      method: 'POST',
      url: '/api/collections/members/auth-with-password',
      body: {},
      status: 400,
      contains: ['"identity":{"code":"validation_required"', '"password":{"code":"validation_required"'],
    },
    {
      name: 'invalid password',
      method: 'POST',
      url: '/api/collections/members/auth-with-password',
      body: { identity: 'alice@example.com', password: 'wrong password' },
      status: 400,
      contains: ['Failed to authenticate.'],
    },
    {
      name: 'unknown identity gets the same answer',
      method: 'POST',
      url: '/api/collections/members/auth-with-password',
      body: { identity: 'nobody@example.com', password: PASSWORD },
      status: 400,
      contains: ['Failed to authenticate.'],
    },
    {
      name: 'valid email identity',
      method: 'POST',
      url: '/api/collections/members/auth-with-password',
      body: { identity: 'ALICE@example.com', password: PASSWORD },
      status: 200,
      contains: ['"token":"', '"record":{', '"email":"alice@example.com"'],
      notContains: ['"password"', '"tokenKey"'],
    },
    {
      name: 'valid username identity',
      method: 'POST',
      url: '/api/collections/members/auth-with-password',
      body: { identity: 'bob', password: PASSWORD },
      status: 200,
      contains: ['"username":"bob"', '"email":"bob@example.com"'],
    },
    {
      name: 'superuser sign-in',
      method: 'POST',
      url: '/api/collections/_superusers/auth-with-password',
      body: { identity: 'root@example.com', password: PASSWORD },
      status: 200,
      contains: ['"collectionName":"_superusers"'],
    },
    {
      name: 'refresh without a token',
      method: 'POST',
      url: '/api/collections/members/auth-refresh',
      status: 401,
    },
    {
      name: 'refresh with a token of another collection',
      method: 'POST',
      url: '/api/collections/members/auth-refresh',
      as: 'superuser',
      status: 403,
      // PocketBase's RequireSameCollectionContextAuth names the token's collection, not the route's.
      contains: ['The request requires auth record from _superusers collection.'],
    },
    {
      name: 'refresh',
      method: 'POST',
      url: '/api/collections/members/auth-refresh',
      as: 'alice',
      status: 200,
      contains: ['"token":"', '"username":"alice"'],
    },
    {
      name: 'a garbage token is a guest, not an error',
      method: 'GET',
      url: '/api/collections/posts/records',
      headers: { authorization: 'Bearer garbage.token.here' },
      status: 200,
      contains: ['"totalItems":2'],
    },
  ]);
});

describeWithFixture('banned accounts', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'a superuser bans bob',
      method: 'PATCH',
      url: '/api/collections/members/records/bobbbbbbbbbbbbb',
      as: 'superuser',
      body: { is_banned: true },
      status: 200,
      contains: ['"is_banned":true'],
    },
    {
      name: "bob's existing token stops working at once",
      method: 'POST',
      url: '/api/collections/members/auth-refresh',
      as: 'bob',
      status: 401,
    },
    {
      name: 'bob reads as a guest now',
      method: 'GET',
      url: '/api/collections/members/records',
      as: 'bob',
      status: 200,
      contains: ['"totalItems":0'],
    },
    {
      name: 'bob cannot sign in',
      method: 'POST',
      url: '/api/collections/members/auth-with-password',
      body: { identity: 'bob', password: PASSWORD },
      status: 403,
      contains: ['This account has been banned.'],
    },
    {
      name: 'a wrong password still answers as any failure',
      method: 'POST',
      url: '/api/collections/members/auth-with-password',
      body: { identity: 'bob', password: 'wrong password' },
      status: 400,
      contains: ['Failed to authenticate.'],
    },
  ]);
});
