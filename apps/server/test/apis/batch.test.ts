import { IDS, describeWithFixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

const enable = {
  method: 'PATCH' as const,
  url: '/api/settings',
  as: 'superuser' as const,
  body: { batch: { enabled: true, maxRequests: 3 } },
  status: 200,
};

describeWithFixture('batch', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'disabled batch',
      method: 'POST',
      url: '/api/batch',
      as: 'alice',
      body: { requests: [] },
      status: 403,
      contains: ['Batch requests are not allowed.'],
    },
    {
      name: 'enable batch in the settings',
      ...enable,
      contains: ['"batch":{"enabled":true,"maxRequests":3'],
    },
    {
      name: 'missing requests',
      method: 'POST',
      url: '/api/batch',
      as: 'alice',
      body: {},
      status: 400,
      contains: ['Invalid batch request data.', '"requests":{"code":"validation_required"'],
    },
    {
      name: 'exceeding max requests',
      method: 'POST',
      url: '/api/batch',
      as: 'alice',
      body: {
        requests: Array.from({ length: 4 }, () => ({
          method: 'POST',
          url: '/api/collections/posts/records',
        })),
      },
      status: 400,
      contains: ['Invalid batch request data.'],
    },
    {
      name: 'invalid request method',
      method: 'POST',
      url: '/api/batch',
      as: 'alice',
      body: { requests: [{ method: 'TRACE', url: '/api/collections/posts/records' }] },
      status: 400,
      contains: ['"0":{"method":{'],
    },
    {
      // PocketBase: "trigger requests validations" in apis/batch_test.go; InternalRequest.Validate in
      // core/event_request_batch.go validates each item field by field.
      name: 'each item is validated field by field (empty item, valid item, lowercase method)',
      method: 'POST',
      url: '/api/batch',
      as: 'alice',
      body: {
        requests: [
          {},
          { method: 'GET', url: '/valid' },
          { method: 'post', url: '/api/collections/posts/records' },
        ],
      },
      status: 400,
      contains: [
        '"message":"Invalid batch request data."',
        '"0":{"method":{"code":"validation_required","message":"Cannot be blank."},"url":{"code":"validation_required","message":"Cannot be blank."}}',
        '"2":{"method":{"code":"validation_in_invalid","message":"Must be a valid value."}}',
      ],
      notContains: ['"1":'],
      events: { createCommitted: 0 },
    },
    {
      // PocketBase: "trigger requests validations" in apis/batch_test.go (url Length(0, 2000)).
      name: 'an item url over 2000 characters is too long',
      method: 'POST',
      url: '/api/batch',
      as: 'alice',
      body: {
        requests: [
          { method: 'POST', url: `/api/collections/posts/records?${'a'.repeat(2000)}` },
          { method: 'TRACE', url: 'x'.repeat(2001) },
        ],
      },
      status: 400,
      contains: [
        '"0":{"url":{"code":"validation_length_too_long","message":"The length must be no more than 2000."}}',
        '"1":{"method":{"code":"validation_in_invalid","message":"Must be a valid value."},"url":{"code":"validation_length_too_long"',
      ],
    },
    {
      name: 'failed batch rolls every item back',
      method: 'POST',
      url: '/api/batch',
      as: 'alice',
      body: {
        requests: [
          {
            method: 'POST',
            url: '/api/collections/posts/records',
            body: { title: 'Batch one', author: IDS.alice },
          },
          {
            method: 'POST',
            url: '/api/collections/posts/records',
            body: { title: 'Batch two', author: IDS.bob },
          },
        ],
      },
      status: 400,
      contains: [
        '"message":"Batch transaction failed."',
        '"requests":{"1":{"code":"batch_request_failed","message":"Batch request failed.","response":{"data":{},"message":"Failed to create record.","status":400}}}',
      ],
      events: { createCommitted: 0 },
      async after(fx) {
        const rows = await fx.core.db.kysely
          .selectFrom('posts')
          .select('id')
          .where('title', '=', 'Batch one')
          .execute();
        if (rows.length) throw new Error('the first item should have been rolled back');
      },
    },
    {
      name: 'successful batch with create, update, upsert and delete',
      method: 'POST',
      url: '/api/batch',
      as: 'alice',
      headers: { authorization: 'ignored' },
      body: {
        requests: [
          {
            method: 'POST',
            url: '/api/collections/posts/records?fields=title',
            body: { title: 'Batch created', author: IDS.alice },
          },
          {
            method: 'PATCH',
            url: `/api/collections/posts/records/${IDS.postDraft}`,
            body: { title: 'Batch updated' },
            headers: { Authorization: 'not-a-token' },
          },
          { method: 'DELETE', url: `/api/collections/comments/records/${IDS.comment2}` },
        ],
      },
      status: 200,
      contains: [
        '[{"status":200,"body":{"title":"Batch created"}}',
        '"title":"Batch updated"',
        '{"status":204,"body":null}]',
      ],
      events: { createCommitted: 1, updateCommitted: 1, deleteCommitted: 1 },
    },
    {
      name: 'upsert creates when the id is new and updates when it exists',
      method: 'POST',
      url: '/api/batch',
      as: 'alice',
      body: {
        requests: [
          {
            method: 'PUT',
            url: '/api/collections/posts/records',
            body: { id: 'upsertedpost001', title: 'Upserted', author: IDS.alice },
          },
          {
            method: 'PUT',
            url: '/api/collections/posts/records',
            body: { id: 'upsertedpost001', title: 'Upserted again' },
          },
        ],
      },
      status: 200,
      contains: ['"title":"Upserted"', '"title":"Upserted again"'],
    },
  ]);
});
