import { fieldIdFor } from '../../src/core/collections/ids';
import { describeWithFixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

describeWithFixture('collections and settings', (fixture) => {
  runScenarios(fixture, [
    { name: 'unauthorized list', method: 'GET', url: '/api/collections', status: 401 },
    {
      name: 'authorized as regular record',
      method: 'GET',
      url: '/api/collections',
      as: 'alice',
      status: 403,
    },
    {
      name: 'authorized as superuser',
      method: 'GET',
      url: '/api/collections',
      as: 'superuser',
      status: 200,
      contains: ['"name":"_superusers"', '"name":"posts"', '"name":"members"'],
    },
    {
      name: 'filtered by type',
      method: 'GET',
      url: "/api/collections?filter=type%3D'auth'",
      as: 'superuser',
      status: 200,
      contains: ['"totalItems":2'],
    },
    {
      name: 'view by name',
      method: 'GET',
      url: '/api/collections/posts',
      as: 'superuser',
      status: 200,
      contains: ['"listRule":"published = true'],
    },
    {
      name: 'create with invalid name',
      method: 'POST',
      url: '/api/collections',
      as: 'superuser',
      body: { name: 'bad name!' },
      status: 400,
      contains: ['"name":{'],
    },
    {
      name: 'create with a duplicated name',
      method: 'POST',
      url: '/api/collections',
      as: 'superuser',
      body: { name: 'POSTS' },
      status: 400,
      contains: ['validation_collection_name_exists'],
    },
    {
      name: 'create with an invalid rule',
      method: 'POST',
      url: '/api/collections',
      as: 'superuser',
      body: { name: 'stories', listRule: 'nope = 1', fields: [{ name: 'title', type: 'text' }] },
      status: 400,
      contains: ['"listRule":{"code":"validation_invalid_rule"'],
    },
    {
      name: 'create',
      method: 'POST',
      url: '/api/collections',
      as: 'superuser',
      body: {
        name: 'stories',
        listRule: '',
        fields: [
          { name: 'title', type: 'text' },
          { name: 'words', type: 'number' },
        ],
      },
      status: 200,
      contains: ['"name":"stories"', '"name":"id"'],
    },
    {
      name: 'add a record to the new collection',
      method: 'POST',
      url: '/api/collections/stories/records',
      as: 'superuser',
      body: { title: 'Kept', words: 3 },
      status: 200,
    },
    {
      name: 'update renames a field and keeps its data, adds a field',
      method: 'PATCH',
      url: '/api/collections/stories',
      as: 'superuser',
      body: {
        fields: [
          { id: 'text3208210256', name: 'id', type: 'text' },
          { id: fieldIdFor('text', 'title'), name: 'headline', type: 'text' },
          { id: fieldIdFor('number', 'words'), name: 'words', type: 'number' },
          { name: 'summary', type: 'text' },
        ],
      },
      status: 200,
      contains: ['"name":"headline"', '"name":"summary"'],
      async after(fx) {
        const res = await fx.server.inject({
          method: 'GET',
          url: '/api/collections/stories/records',
          headers: { authorization: fx.tokens.superuser },
        });
        const body = res.json<{ items: Array<Record<string, unknown>> }>();
        if (body.items[0]?.headline !== 'Kept' || body.items[0]?.words !== 3 || body.items[0]?.summary !== '')
          throw new Error(res.body);
      },
    },
    {
      name: 'changing a field type is refused',
      method: 'PATCH',
      url: '/api/collections/stories',
      as: 'superuser',
      body: { fields: [{ id: fieldIdFor('number', 'words'), name: 'words', type: 'text' }] },
      status: 400,
      contains: ['validation_field_type_change'],
    },
    {
      name: 'delete a referenced collection is refused',
      method: 'DELETE',
      url: '/api/collections/members',
      as: 'superuser',
      status: 400,
    },
    {
      name: 'truncate',
      method: 'DELETE',
      url: '/api/collections/stories/truncate',
      as: 'superuser',
      status: 204,
    },
    { name: 'delete', method: 'DELETE', url: '/api/collections/stories', as: 'superuser', status: 204 },
    {
      name: 'import creates and updates',
      method: 'PUT',
      url: '/api/collections/import',
      as: 'superuser',
      body: {
        collections: [
          { name: 'tags', listRule: '', fields: [{ name: 'name', type: 'text', required: true }] },
        ],
      },
      status: 204,
    },
    { name: 'settings need a superuser', method: 'GET', url: '/api/settings', as: 'alice', status: 403 },
    {
      name: 'settings as superuser',
      method: 'GET',
      url: '/api/settings',
      as: 'superuser',
      status: 200,
      contains: ['"meta":{', '"batch":{"enabled":false', '"rateLimits":{', '"smtp":{', '"logs":{'],
    },
    {
      name: 'settings update validates',
      method: 'PATCH',
      url: '/api/settings',
      as: 'superuser',
      body: { meta: { appName: '' } },
      status: 400,
      contains: ['"meta":{"appName":{'],
    },
    {
      name: 'settings update',
      method: 'PATCH',
      url: '/api/settings',
      as: 'superuser',
      body: { meta: { appName: 'Giants' }, smtp: { password: 'secret-pass' } },
      status: 200,
      contains: ['"appName":"Giants"', '"password":"******"'],
      notContains: ['secret-pass'],
    },
  ]);
});
