import { IDS, describeWithFixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

const viewQuery =
  'SELECT author AS id, COUNT(*) AS total, MAX(title) AS last_title FROM posts WHERE published = TRUE GROUP BY author';

describeWithFixture('view collections', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'a view query must be one SELECT',
      method: 'POST',
      url: '/api/collections',
      as: 'superuser',
      body: { name: 'bad_view', type: 'view', viewQuery: 'DELETE FROM posts' },
      status: 400,
      contains: ['validation_invalid_view_query'],
    },
    {
      name: 'a view query must return an id',
      method: 'POST',
      url: '/api/collections',
      as: 'superuser',
      body: { name: 'no_id', type: 'view', viewQuery: 'SELECT title FROM posts' },
      status: 400,
      contains: ['validation_missing_id'],
    },
    {
      name: 'create a view with a declared and an inferred field',
      method: 'POST',
      url: '/api/collections',
      as: 'superuser',
      body: {
        name: 'author_stats',
        type: 'view',
        listRule: "@request.auth.id != ''",
        viewRule: "@request.auth.id != ''",
        viewQuery,
        fields: [{ name: 'total', type: 'number' }],
      },
      status: 200,
      contains: [
        '"type":"view"',
        '"name":"total"',
        '"type":"number"',
        '"name":"last_title"',
        '"type":"json"',
        '"createRule":null',
      ],
    },
    {
      name: 'guests fail the list rule',
      method: 'GET',
      url: '/api/collections/author_stats/records',
      status: 200,
      contains: ['"totalItems":0'],
    },
    {
      name: 'members list the view, filtered and sorted',
      method: 'GET',
      url: '/api/collections/author_stats/records?sort=id&filter=' + encodeURIComponent('total >= 1'),
      as: 'bob',
      status: 200,
      contains: ['"totalItems":2', `"id":"${IDS.alice}","total":1,"last_title":"The Giant Garden"`],
    },
    {
      // Issue 41: the undeclared text column is typed json, yet compares by its plain value (no 500).
      name: 'an undeclared text column filters by its plain value',
      method: 'GET',
      url:
        '/api/collections/author_stats/records?filter=' +
        encodeURIComponent('last_title = "Shrinking Day" || last_title.x = "y" || last_title != "alpha"'),
      as: 'bob',
      status: 200,
      contains: ['"totalItems":2', '"last_title":"Shrinking Day"'],
    },
    {
      name: 'an undeclared text column equals only its own value',
      method: 'GET',
      url:
        '/api/collections/author_stats/records?filter=' +
        encodeURIComponent('last_title = "Shrinking Day" && last_title.x = null'),
      as: 'bob',
      status: 200,
      contains: ['"totalItems":1', `"id":"${IDS.bob}"`],
    },
    {
      name: 'view one row',
      method: 'GET',
      url: `/api/collections/author_stats/records/${IDS.bob}`,
      as: 'bob',
      status: 200,
      contains: ['"last_title":"Shrinking Day"'],
    },
    {
      name: 'a view cannot be written',
      method: 'POST',
      url: '/api/collections/author_stats/records',
      as: 'superuser',
      body: { total: 1 },
      status: 400,
      contains: ['Unsupported collection type.'],
    },
    {
      name: 'a view cannot be deleted from',
      method: 'DELETE',
      url: `/api/collections/author_stats/records/${IDS.bob}`,
      as: 'superuser',
      status: 400,
    },
    {
      name: 'change the query',
      method: 'PATCH',
      url: '/api/collections/author_stats',
      as: 'superuser',
      body: { viewQuery: 'SELECT author AS id, COUNT(*) AS total FROM posts GROUP BY author' },
      status: 200,
      notContains: ['last_title'],
    },
    {
      name: 'the changed view counts drafts too',
      method: 'GET',
      url: `/api/collections/author_stats/records/${IDS.alice}`,
      as: 'bob',
      status: 200,
      contains: ['"total":2'],
    },
    {
      name: 'delete the view',
      method: 'DELETE',
      url: '/api/collections/author_stats',
      as: 'superuser',
      status: 204,
    },
  ]);
});
