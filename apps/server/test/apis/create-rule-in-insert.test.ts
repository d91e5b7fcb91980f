/**
 * A create rule checked by the insert's own statement on PostgreSQL (rules/access.ts
 * `createRuleCheck`) answers as PocketBase's check after the insert does: the rule sees the new
 * row, other tables as the transaction sees them (its earlier writes included), and a rule that reads
 * its own collection is checked after the insert instead. The same rows run on SQLite, where every
 * create rule is checked after the insert.
 */
import { beforeAll } from 'vitest';
import { IDS, describeWithFixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

const notes = '/api/collections/notes/records';
const gates = '/api/collections/gates/records';

describeWithFixture('create rule checked with the insert', (fixture) => {
  beforeAll(async () => {
    const { core } = fixture();
    // A rule that joins another collection (posts), with a unique key to break.
    await core.collections.create({
      name: 'notes',
      listRule: '',
      viewRule: '',
      createRule: "@request.auth.id != '' && post.published = true && owner = @request.auth.id",
      fields: [
        { name: 'post', type: 'relation', collectionId: 'posts', required: true },
        { name: 'owner', type: 'relation', collectionId: 'members', required: true },
        { name: 'text', type: 'text', required: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_notes_text ON notes (text)'],
    });
    // A rule that holds only when it sees the new row among its own collection's rows.
    await core.collections.create({
      name: 'gates',
      listRule: '',
      viewRule: '',
      createRule: "@request.auth.id != '' && @collection.gates.id ?= id && @collection.gates.label ?= label",
      fields: [{ name: 'label', type: 'text', required: true }],
    });
    // A rule that reads the new row's relation index rows (a multi-valued relation).
    await core.collections.create({
      name: 'crews',
      listRule: '',
      viewRule: '',
      createRule: 'crew.id ?= @request.auth.id',
      fields: [{ name: 'crew', type: 'relation', collectionId: 'members', maxSelect: 5 }],
    });
    // A rule that reads a view of its own collection.
    await core.collections.create({
      name: 'signs',
      listRule: '',
      viewRule: '',
      createRule: "@request.auth.id != ''",
      fields: [{ name: 'word', type: 'text', required: true }],
    });
    await core.collections.create({
      name: 'sign_words',
      type: 'view',
      listRule: '',
      viewRule: '',
      viewQuery: 'SELECT id, word FROM signs',
    });
    const signs = core.registry.find('signs')!;
    await core.collections.update(signs.id, { createRule: '@collection.sign_words.word ?= word' });
    await core.settings.update(core.db.kysely, { batch: { enabled: true, maxRequests: 10 } });
  });

  const noteTexts = async () =>
    (await fixture().core.db.kysely.selectFrom('notes').select('text').orderBy('text').execute()).map(
      (row) => row.text as string,
    );

  runScenarios(fixture, [
    {
      name: 'a note on a published post is created',
      method: 'POST',
      url: notes,
      as: 'alice',
      body: { post: IDS.postPublished, owner: IDS.alice, text: 'first' },
      status: 200,
      contains: ['"text":"first"'],
      events: { beforeCreate: 1, afterCreate: 1, createCommitted: 1 },
    },
    {
      // PocketBase: a failing create rule is 400 "Failed to create record." and the insert is rolled back.
      name: 'a note on a draft fails the rule, and nothing is saved',
      method: 'POST',
      url: notes,
      as: 'alice',
      body: { post: IDS.postDraft, owner: IDS.alice, text: 'on a draft' },
      status: 400,
      contains: ['"message":"Failed to create record."', '"data":{}'],
      events: { beforeCreate: 1, afterCreate: 0, createCommitted: 0 },
      async after() {
        if ((await noteTexts()).includes('on a draft')) throw new Error('the note must not be saved');
      },
    },
    {
      name: "a note for another member fails the rule's own-field part",
      method: 'POST',
      url: notes,
      as: 'alice',
      body: { post: IDS.postPublished, owner: IDS.bob, text: 'for bob' },
      status: 400,
      contains: ['"message":"Failed to create record."'],
    },
    {
      name: 'a duplicate text is a field error, not a failed rule',
      method: 'POST',
      url: notes,
      as: 'bob',
      body: { post: IDS.postPublished, owner: IDS.bob, text: 'first' },
      status: 400,
      contains: ['"message":"Failed to create record."', '"text":{"code":"validation_not_unique"'],
    },
    {
      // The rule reads the post the same transaction published one statement earlier.
      name: 'a batch that publishes a post and then notes it: the rule sees the earlier write',
      method: 'POST',
      url: '/api/batch',
      as: 'mod',
      body: {
        requests: [
          {
            method: 'POST',
            url: '/api/collections/posts/records',
            body: { id: 'postmodbatch001', title: 'Batch', author: IDS.mod, published: true },
          },
          {
            method: 'POST',
            url: '/api/collections/notes/records',
            body: { post: 'postmodbatch001', owner: IDS.mod, text: 'in the batch' },
          },
        ],
      },
      status: 200,
      contains: ['"text":"in the batch"'],
    },
    {
      name: 'a rule that needs the new row among its own rows holds',
      method: 'POST',
      url: gates,
      as: 'alice',
      body: { label: 'north' },
      status: 200,
      contains: ['"label":"north"'],
    },
    {
      name: "a rule that needs the new row's relation index rows holds",
      method: 'POST',
      url: '/api/collections/crews/records',
      as: 'alice',
      body: { crew: [IDS.bob, IDS.alice] },
      status: 200,
      contains: [`"crew":["${IDS.bob}","${IDS.alice}"]`],
    },
    {
      name: 'and fails for a member not in the crew',
      method: 'POST',
      url: '/api/collections/crews/records',
      as: 'mod',
      body: { crew: [IDS.bob] },
      status: 400,
      contains: ['"message":"Failed to create record."'],
    },
    {
      name: 'a rule that reads a view of its own collection sees the new row through it',
      method: 'POST',
      url: '/api/collections/signs/records',
      as: 'alice',
      body: { word: 'tall' },
      status: 200,
      contains: ['"word":"tall"'],
    },
    {
      name: 'as a guest, the rule fails and nothing is saved',
      method: 'POST',
      url: gates,
      body: { label: 'south' },
      status: 400,
      contains: ['"message":"Failed to create record."'],
      async after(fx) {
        const rows = await fx.core.db.kysely.selectFrom('gates').select('label').execute();
        if (rows.some((row) => row.label === 'south')) throw new Error('the gate must not be saved');
      },
    },
  ]);
});
