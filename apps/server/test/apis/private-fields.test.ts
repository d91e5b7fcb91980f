import { IDS, describeWithFixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

const member = (id: string) => `/api/collections/members/records/${id}`;
const byBirthday = `/api/collections/members/records?filter=${encodeURIComponent('birthday >= "1990-04-03" && birthday < "1990-04-04"')}`;

// `birthday` carries a readRule: only its owner and moderators may read it (PRODUCT.md §2).
describeWithFixture('private fields (readRule extension)', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'another member does not see the private field',
      method: 'GET',
      url: member(IDS.bob),
      as: 'alice',
      status: 200,
      contains: ['"username":"bob"'],
      notContains: ['birthday'],
    },
    {
      name: 'the owner sees it',
      method: 'GET',
      url: member(IDS.bob),
      as: 'bob',
      status: 200,
      contains: ['"birthday":"1990-04-03 00:00:00.000Z"'],
    },
    {
      name: 'a moderator sees it',
      method: 'GET',
      url: member(IDS.bob),
      as: 'mod',
      status: 200,
      contains: ['"birthday":"1990-04-03'],
    },
    {
      name: 'a superuser sees it',
      method: 'GET',
      url: member(IDS.bob),
      as: 'superuser',
      status: 200,
      contains: ['"birthday":"1990-04-03'],
    },
    {
      name: 'lists hide it per record',
      method: 'GET',
      url: '/api/collections/members/records?sort=username',
      as: 'bob',
      status: 200,
      contains: ['"birthday":"1990-04-03'],
      notContains: ['1990-04-05'],
    },
    {
      name: 'expanded records hide it too',
      method: 'GET',
      url: `/api/collections/posts/records/${IDS.postBob}?expand=author`,
      as: 'alice',
      status: 200,
      contains: ['"username":"bob"'],
      notContains: ['birthday'],
    },
    {
      name: 'it cannot be probed by a filter',
      method: 'GET',
      url: byBirthday,
      as: 'alice',
      status: 200,
      contains: ['"totalItems":0'],
    },
    {
      name: 'its owner can filter by it',
      method: 'GET',
      url: byBirthday,
      as: 'bob',
      status: 200,
      contains: ['"totalItems":1'],
    },
    {
      name: 'an invalid readRule is refused when saving the collection',
      method: 'PATCH',
      url: '/api/collections/secrets',
      as: 'superuser',
      body: { fields: [{ name: 'value', type: 'text', readRule: 'nope = 1' }] },
      status: 400,
      contains: ['"readRule":{"code":"validation_invalid_rule"'],
    },
  ]);
});
