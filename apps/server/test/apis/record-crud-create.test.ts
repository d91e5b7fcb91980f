import { IDS, describeWithFixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

const posts = '/api/collections/posts/records';
const json = { 'content-type': 'application/json' };

function multipart(fields: Record<string, string>): { body: string; headers: Record<string, string> } {
  const boundary = '----scenario-boundary';
  const body =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeWithFixture('records create', (fixture) => {
  runScenarios(fixture, [
    {
      // PocketBase: router.Event.BindBody (tools/router/event.go) reads only JSON, multipart,
      // url-encoded and XML bodies; recordCreate answers its ErrUnsupportedContentType as it is.
      name: 'a body of an unsupported content type is refused before anything is read',
      method: 'POST',
      url: posts,
      as: 'alice',
      headers: { 'content-type': 'text/plain' },
      body: 'title=Plain',
      status: 400,
      contains: ['{"data":{},"message":"Unsupported Content-Type.","status":400}'],
      events: { beforeCreate: 0 },
    },
    {
      // PocketBase: BindBody returns early when Content-Length is 0, whatever the content type.
      name: 'an empty body of an unsupported content type reads as no data',
      method: 'POST',
      url: posts,
      as: 'alice',
      headers: { 'content-type': 'text/plain' },
      body: '',
      status: 400,
      contains: ['"message":"Failed to create record."', '"title":{"code":"validation_required"'],
    },
    {
      // PocketBase: BindBody binds application/x-www-form-urlencoded like multipart form data.
      name: 'submit via url-encoded form data',
      method: 'POST',
      url: posts,
      as: 'alice',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `title=Encoded+tale&author=${IDS.alice}&views=4`,
      status: 200,
      contains: ['"title":"Encoded tale"', '"views":4'],
    },
    {
      name: 'an invalid fields parameter is a 400 and nothing is saved',
      method: 'POST',
      url: `${posts}?fields=a..b`,
      as: 'alice',
      body: { title: 'Never saved', author: IDS.alice },
      status: 400,
      events: { beforeCreate: 0 },
      async after(fx) {
        const rows = await fx.core.db.kysely
          .selectFrom('posts')
          .select('id')
          .where('title', '=', 'Never saved')
          .execute();
        if (rows.length) throw new Error('the record must not be saved');
      },
    },
    {
      name: 'missing collection',
      method: 'POST',
      url: '/api/collections/missing/records',
      body: {},
      status: 404,
    },
    {
      name: 'guest trying to access nil-rule collection',
      method: 'POST',
      url: '/api/collections/secrets/records',
      body: { value: 'x' },
      status: 403,
    },
    {
      name: 'auth record trying to access nil-rule collection',
      method: 'POST',
      url: '/api/collections/secrets/records',
      as: 'bob',
      body: { value: 'x' },
      status: 403,
    },
    {
      name: 'submit invalid body',
      method: 'POST',
      url: posts,
      as: 'alice',
      headers: json,
      body: '{"title":',
      status: 400,
      contains: ['Failed to read the submitted data.'],
    },
    {
      name: 'submit empty json body',
      method: 'POST',
      url: posts,
      as: 'alice',
      headers: json,
      body: '',
      status: 400,
      contains: ['Failed to create record.'],
    },
    {
      name: 'guest trying to submit in restricted collection',
      method: 'POST',
      url: posts,
      body: { title: 'Guest post', author: IDS.alice },
      status: 400,
      contains: ['"data":{}', 'Failed to create record.'],
      events: { createCommitted: 0 },
    },
    {
      name: 'auth record submit in restricted collection (rule failure check)',
      method: 'POST',
      url: posts,
      as: 'bob',
      body: { title: 'Posing as Alice', author: IDS.alice },
      status: 400,
      events: { beforeCreate: 1, afterCreate: 0, createCommitted: 0 },
    },
    {
      name: 'auth record submit in restricted collection (rule pass check) + expand relations',
      method: 'POST',
      url: `${posts}?expand=author`,
      as: 'bob',
      body: { title: 'A Tiny Adventure', author: IDS.bob, tags: ['tiny'], 'views+': 2 },
      status: 200,
      contains: [
        '"title":"A Tiny Adventure"',
        '"views":2',
        '"tags":["tiny"]',
        '"expand":{"author":{',
        '"username":"bob"',
      ],
      events: { beforeCreate: 1, afterCreate: 1, createCommitted: 1 },
      onlyEvents: true,
    },
    {
      name: 'a member may not publish (the rule reads @request.body)',
      method: 'POST',
      url: posts,
      as: 'bob',
      body: { title: 'Self published', author: IDS.bob, published: true },
      status: 400,
    },
    {
      name: 'superuser submit in restricted collection (rule skip check)',
      method: 'POST',
      url: posts,
      as: 'superuser',
      body: { title: 'By root', author: IDS.bob, published: true },
      status: 200,
      contains: ['"published":true'],
    },
    {
      name: 'superuser submit via multipart form data',
      method: 'POST',
      url: posts,
      as: 'superuser',
      ...multipart({ title: 'Multipart', author: IDS.bob, views: '7', published: 'true', tags: 'giant' }),
      status: 200,
      contains: ['"views":7', '"published":true', '"tags":["giant"]'],
    },
    {
      name: 'submit via multipart form data with @jsonPayload key and satisfied @request.body rule',
      method: 'POST',
      url: posts,
      as: 'bob',
      ...multipart({
        '@jsonPayload': JSON.stringify({ title: 'From payload', author: IDS.bob, meta: { a: 1 } }),
      }),
      status: 200,
      contains: ['"title":"From payload"', '"meta":{"a":1}'],
    },
    {
      name: 'submit via multipart form data with @jsonPayload key and unsatisfied @request.body rule',
      method: 'POST',
      url: posts,
      as: 'bob',
      ...multipart({
        '@jsonPayload': JSON.stringify({ title: 'Payload publish', author: IDS.bob, published: true }),
      }),
      status: 400,
    },
    {
      name: 'unique field error check',
      method: 'POST',
      url: posts,
      as: 'alice',
      body: { title: 'The Giant Garden', author: IDS.alice },
      status: 400,
      contains: ['"title":{"code":"validation_not_unique","message":"Value must be unique."}'],
    },
    {
      name: 'field validation errors are reported per field',
      method: 'POST',
      url: posts,
      as: 'alice',
      body: { author: IDS.alice, views: 1.5, tags: ['nope'] },
      status: 400,
      contains: [
        '"title":{"code":"validation_required"',
        '"views":{"code":"validation_only_int_constraint"',
        '"tags":{"code":"validation_invalid_value"',
      ],
    },
    {
      name: 'relation to a missing record',
      method: 'POST',
      url: posts,
      as: 'superuser',
      body: { title: 'Orphan', author: 'missingmissing1' },
      status: 400,
      contains: ['validation_missing_rel_records'],
    },
    {
      // All relation fields are looked up in one statement (records/validate.ts): each is still
      // reported on its own, and only the one whose record is missing.
      name: 'of two relations, only the one naming a missing record is reported',
      method: 'POST',
      url: '/api/collections/comments/records',
      as: 'superuser',
      body: { post: 'missingmissing1', author: IDS.alice, text: 'Hello' },
      status: 400,
      contains: ['"post":{"code":"validation_missing_rel_records"'],
      notContains: ['"author":'],
    },
    {
      name: 'two relations naming missing records are both reported',
      method: 'POST',
      url: '/api/collections/comments/records',
      as: 'superuser',
      body: { post: 'missingmissing1', author: 'missingmissing2', text: 'Hello' },
      status: 400,
      contains: [
        '"post":{"code":"validation_missing_rel_records"',
        '"author":{"code":"validation_missing_rel_records"',
      ],
    },
    {
      name: 'two relations naming existing records create the record',
      method: 'POST',
      url: '/api/collections/comments/records',
      as: 'superuser',
      body: { post: IDS.postPublished, author: IDS.bob, text: 'Both found' },
      status: 200,
      contains: [`"post":"${IDS.postPublished}"`, `"author":"${IDS.bob}"`],
    },
    {
      name: 'invalid custom insertion id (less than 15 chars)',
      method: 'POST',
      url: posts,
      as: 'alice',
      body: { id: 'short', title: 'Short id', author: IDS.alice },
      status: 400,
      contains: ['"id":{"code":"validation_min_text_constraint"'],
    },
    {
      name: 'invalid custom insertion id (more than 15 chars)',
      method: 'POST',
      url: posts,
      as: 'alice',
      body: { id: 'abcdefghijklmnop', title: 'Long id', author: IDS.alice },
      status: 400,
      contains: ['"id":{'],
    },
    {
      name: 'valid custom insertion id (exactly 15 chars)',
      method: 'POST',
      url: posts,
      as: 'alice',
      body: { id: 'customid1234567', title: 'Custom id', author: IDS.alice },
      status: 200,
      contains: ['"id":"customid1234567"'],
    },
    {
      name: 'duplicated custom id',
      method: 'POST',
      url: posts,
      as: 'alice',
      body: { id: IDS.postDraft, title: 'Dup id', author: IDS.alice },
      status: 400,
      contains: ['"id":{"code":"validation_not_unique"'],
    },
    {
      name: 'unknown keys are ignored',
      method: 'POST',
      url: posts,
      as: 'alice',
      body: { title: 'Extra keys', author: IDS.alice, nonsense: 1, expand: 'x' },
      status: 200,
      notContains: ['nonsense'],
    },
    {
      // PocketBase: "auth record with invalid form data" (apis/record_crud_test.go): record fields are
      // not checked when the auth form's own checks fail (RecordUpsert.Submit in forms/record_upsert.go).
      name: 'auth record with invalid form data',
      method: 'POST',
      url: '/api/collections/members/records',
      body: { username: 'newbie', email: 'not-an-email', password: '1234567', passwordConfirm: '7654321' },
      status: 400,
      contains: ['"data":{"passwordConfirm":{"code":"validation_values_mismatch"'],
      notContains: ['"email":', '"password":', '"username":'],
      events: { beforeCreate: 0 },
    },
    {
      // PocketBase: "new auth collection record with empty data" (forms/record_upsert_test.go).
      name: 'auth record without a password: password and passwordConfirm required, email not reported',
      method: 'POST',
      url: '/api/collections/members/records',
      body: { username: 'nopassword', email: 'not-an-email' },
      status: 400,
      contains: [
        '"password":{"code":"validation_required","message":"Cannot be blank."}',
        '"passwordConfirm":{"code":"validation_required","message":"Cannot be blank."}',
      ],
      notContains: ['"email":', '"username":'],
    },
    {
      // Multipart digits are inferred as numbers for fields, but the form reads the password as text
      // (PocketBase's cast.ToString), so an all-digit password is neither blank nor a mismatch.
      name: 'auth record with an all-digit password sent as multipart',
      method: 'POST',
      url: '/api/collections/members/records',
      ...multipart({
        username: 'digits',
        email: 'digits@example.com',
        password: '9081726354',
        passwordConfirm: '9081726354',
      }),
      status: 200,
      contains: ['"username":"digits"'],
    },
    {
      // PocketBase: "auth record with valid form data but invalid record fields".
      name: 'auth record with valid form data but invalid record fields',
      method: 'POST',
      url: '/api/collections/members/records',
      body: { username: 'newbie', email: 'not-an-email', password: '1234567', passwordConfirm: '1234567' },
      status: 400,
      contains: [
        '"email":{"code":"validation_is_email"',
        '"password":{"code":"validation_min_text_constraint"',
      ],
      notContains: ['"passwordConfirm":'],
    },
    {
      name: 'auth record with valid data and explicitly verified state by guest',
      method: 'POST',
      url: '/api/collections/members/records',
      body: {
        username: 'verifier',
        email: 'v@example.com',
        password: 'tiny giant 42',
        passwordConfirm: 'tiny giant 42',
        verified: true,
      },
      status: 400,
      contains: ['"verified":{'],
    },
    {
      name: 'auth record with valid data by guest',
      method: 'POST',
      url: '/api/collections/members/records',
      body: {
        username: 'newbie',
        email: 'newbie@example.com',
        password: 'tiny giant 42',
        passwordConfirm: 'tiny giant 42',
      },
      status: 200,
      contains: ['"username":"newbie"', '"verified":false'],
      notContains: ['"password"', '"tokenKey"', 'tiny giant 42'],
    },
    {
      name: 'duplicate email is not unique',
      method: 'POST',
      url: '/api/collections/members/records',
      body: {
        username: 'other',
        email: 'alice@example.com',
        password: 'tiny giant 42',
        passwordConfirm: 'tiny giant 42',
      },
      status: 400,
      contains: ['"email":{"code":"validation_not_unique"'],
    },
    {
      name: 'create with hidden field as regular user',
      method: 'POST',
      url: '/api/collections/members/records',
      body: {
        username: 'sneaky',
        email: 'sneaky@example.com',
        password: 'tiny giant 42',
        passwordConfirm: 'tiny giant 42',
        note: 'set by me',
      },
      status: 200,
      notContains: ['set by me'],
    },
    {
      name: 'create with hidden field as superuser',
      method: 'POST',
      url: '/api/collections/members/records',
      as: 'superuser',
      body: {
        username: 'rooted',
        email: 'rooted@example.com',
        password: 'tiny giant 42',
        passwordConfirm: 'tiny giant 42',
        note: 'set by root',
      },
      status: 200,
      contains: ['"note":"set by root"'],
    },
  ]);
});
