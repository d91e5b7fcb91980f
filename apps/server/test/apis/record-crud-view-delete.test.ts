import { describeWithFixture, IDS } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

const post = (id: string) => `/api/collections/posts/records/${id}`;

describeWithFixture('records view', (fixture) => {
  runScenarios(fixture, [
    {
      // PocketBase: recordView reads RequestInfo, whose BindBody refuses an unsupported content type.
      name: 'a body of an unsupported content type is refused',
      method: 'GET',
      url: post(IDS.postPublished),
      headers: { 'content-type': 'text/plain' },
      body: 'anything',
      status: 400,
      contains: ['{"data":{},"message":"Unsupported Content-Type.","status":400}'],
    },
    {
      name: 'missing collection',
      method: 'GET',
      url: `/api/collections/missing/records/${IDS.postPublished}`,
      status: 404,
      contains: ['Missing collection context.'],
    },
    {
      name: 'missing record',
      method: 'GET',
      url: post('missingmissing1'),
      status: 404,
      contains: ["The requested resource wasn't found."],
    },
    {
      name: 'unauthenticated trying to access nil rule collection (aka. need superuser auth)',
      method: 'GET',
      url: `/api/collections/secrets/records/${IDS.secret}`,
      status: 403,
    },
    {
      name: 'authenticated record trying to access nil rule collection (aka. need superuser auth)',
      method: 'GET',
      url: `/api/collections/secrets/records/${IDS.secret}`,
      as: 'bob',
      status: 403,
    },
    {
      name: 'authorized as superuser trying to access nil rule collection view (aka. need superuser auth)',
      method: 'GET',
      url: `/api/collections/secrets/records/${IDS.secret}`,
      as: 'superuser',
      status: 200,
      contains: ['"value":"hush"'],
    },
    {
      name: "authenticated record that doesn't match the collection view rule",
      method: 'GET',
      url: post(IDS.postDraft),
      as: 'bob',
      status: 404,
    },
    {
      name: 'authenticated record that does match the collection view rule',
      method: 'GET',
      url: post(IDS.postDraft),
      as: 'alice',
      status: 200,
      contains: [`"id":"${IDS.postDraft}"`],
    },
    {
      name: 'moderator matches the view rule through @request.auth.roles',
      method: 'GET',
      url: post(IDS.postDraft),
      as: 'mod',
      status: 200,
    },
    {
      name: 'public collection view',
      method: 'GET',
      url: post(IDS.postPublished),
      status: 200,
      contains: [
        '"collectionName":"posts"',
        '"title":"The Giant Garden"',
        '"published":true',
        '"views":10',
        '"tags":["giant"]',
        '"meta":null',
        '"created":"',
      ],
      notContains: ['"expand"'],
    },
    {
      name: 'dates use the PocketBase format',
      method: 'GET',
      url: post(IDS.postPublished) + '?fields=created',
      status: 200,
      contains: ['"created":"20'],
      notContains: ['T0', 'T1', 'T2'],
    },
    {
      name: 'expand relations',
      method: 'GET',
      url: post(IDS.postPublished) + '?expand=author,comments_via_post.author',
      as: 'bob',
      status: 200,
      contains: ['"author":{', '"comments_via_post":[', '"expand":{"author":{'],
    },
    {
      name: 'check email visibility as guest (own record view needs auth)',
      method: 'GET',
      url: `/api/collections/members/records/${IDS.bob}`,
      status: 404,
    },
    {
      name: 'check email visibility as any authenticated record',
      method: 'GET',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'alice',
      status: 200,
      notContains: ['bob@example.com'],
    },
    {
      name: 'check self email visibility resolver',
      method: 'GET',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'bob',
      status: 200,
      contains: ['bob@example.com'],
    },
    {
      name: 'check email visibility as superuser',
      method: 'GET',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'superuser',
      status: 200,
      contains: ['bob@example.com', '"note":"note of bob"'],
    },
    {
      name: 'never outputs password or tokenKey, even to superusers',
      method: 'GET',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'superuser',
      status: 200,
      notContains: ['"password"', '"tokenKey"'],
    },
  ]);
});

describeWithFixture('records delete', (fixture) => {
  runScenarios(fixture, [
    {
      // PocketBase: recordDelete reads RequestInfo (BindBody) before the rule and the delete.
      name: 'a body of an unsupported content type is refused and nothing is deleted',
      method: 'DELETE',
      url: post(IDS.postDraft),
      as: 'alice',
      headers: { 'content-type': 'text/plain' },
      body: 'anything',
      status: 400,
      contains: ['{"data":{},"message":"Unsupported Content-Type.","status":400}'],
      events: { beforeDelete: 0 },
    },
    {
      name: 'missing collection',
      method: 'DELETE',
      url: `/api/collections/missing/records/${IDS.postBob}`,
      status: 404,
    },
    { name: 'missing record', method: 'DELETE', url: post('missingmissing1'), as: 'alice', status: 404 },
    {
      // PocketBase: recordDelete checks a null deleteRule before FindRecordById, so a missing record
      // in a superusers-only collection is a 403, not a 404.
      name: 'a missing record in a nil rule collection is refused before the lookup',
      method: 'DELETE',
      url: '/api/collections/secrets/records/missingmissing1',
      as: 'alice',
      status: 403,
      contains: ['{"data":{},"message":"Only superusers can perform this action.","status":403}'],
    },
    {
      // PocketBase: recordDelete answers a record the rule does not match with 404 (not 403).
      name: 'a record the delete rule does not match is a 404',
      method: 'DELETE',
      url: post(IDS.postDraft),
      as: 'bob',
      status: 404,
      events: { beforeDelete: 0 },
    },
    {
      name: 'unauthenticated trying to delete nil rule collection (aka. need superuser auth)',
      method: 'DELETE',
      url: `/api/collections/secrets/records/${IDS.secret}`,
      status: 403,
    },
    {
      name: 'authenticated record trying to delete nil rule collection (aka. need superuser auth)',
      method: 'DELETE',
      url: `/api/collections/secrets/records/${IDS.secret}`,
      as: 'alice',
      status: 403,
    },
    {
      name: "authenticated record that doesn't match the collection delete rule",
      method: 'DELETE',
      url: post(IDS.postBob),
      as: 'alice',
      status: 404,
      events: { beforeDelete: 0 },
    },
    {
      name: 'delete a record with cascade references',
      method: 'DELETE',
      url: post(IDS.postPublished),
      as: 'alice',
      status: 204,
      // The post and both of its comments go, each with its hooks.
      events: { beforeDelete: 3, afterDelete: 3, deleteCommitted: 3 },
      async after(fx) {
        const left = await fx.core.db.kysely.selectFrom('comments').select('id').execute();
        if (left.length !== 0) throw new Error(`comments should be gone, found ${left.length}`);
      },
    },
    {
      name: "moderator deletes another member's post",
      method: 'DELETE',
      url: post(IDS.postBob),
      as: 'mod',
      status: 204,
    },
    {
      name: 'delete a record with non-cascade references (the reference is cleared)',
      method: 'DELETE',
      url: `/api/collections/members/records/${IDS.mod}`,
      as: 'mod',
      status: 204,
    },
    {
      name: 'trying to delete a record while being part of a non-cascade required relation',
      method: 'DELETE',
      url: `/api/collections/members/records/${IDS.alice}`,
      as: 'alice',
      status: 400,
      contains: ['Make sure that the record is not part of a required relation reference.'],
    },
    {
      name: 'authorized as superuser trying to delete nil rule collection',
      method: 'DELETE',
      url: `/api/collections/secrets/records/${IDS.secret}`,
      as: 'superuser',
      status: 204,
    },
  ]);
});
