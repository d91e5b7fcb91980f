import { IDS, describeWithFixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

const posts = '/api/collections/posts/records';
const post = (id: string) => `${posts}/${id}`;

describeWithFixture('records update', (fixture) => {
  runScenarios(fixture, [
    {
      // PocketBase: recordUpdate reads RequestInfo (BindBody) before any lookup or rule.
      name: 'a body of an unsupported content type is refused',
      method: 'PATCH',
      url: post(IDS.postDraft),
      as: 'alice',
      headers: { 'content-type': 'text/plain' },
      body: 'title=Plain',
      status: 400,
      contains: ['{"data":{},"message":"Unsupported Content-Type.","status":400}'],
      events: { beforeUpdate: 0 },
    },
    {
      name: 'missing collection',
      method: 'PATCH',
      url: `/api/collections/missing/records/${IDS.postDraft}`,
      body: {},
      status: 404,
    },
    {
      name: 'guest trying to access nil-rule collection record',
      method: 'PATCH',
      url: `/api/collections/secrets/records/${IDS.secret}`,
      body: { value: 'x' },
      status: 403,
    },
    {
      name: 'auth record trying to access nil-rule collection',
      method: 'PATCH',
      url: `/api/collections/secrets/records/${IDS.secret}`,
      as: 'alice',
      body: { value: 'x' },
      status: 403,
    },
    {
      // PocketBase: recordUpdate checks a null updateRule before FindRecordById (403 before 404).
      name: 'a missing record in a nil rule collection is refused before the lookup',
      method: 'PATCH',
      url: '/api/collections/secrets/records/missingmissing1',
      as: 'alice',
      body: { value: 'x' },
      status: 403,
      contains: ['{"data":{},"message":"Only superusers can perform this action.","status":403}'],
    },
    {
      // PocketBase: recordUpdate answers a missing record with 404 before the rule is applied.
      name: 'a missing record is a 404',
      method: 'PATCH',
      url: post('missingmissing1'),
      as: 'alice',
      body: { title: 'x' },
      status: 404,
    },
    {
      name: 'guest trying to submit in restricted collection',
      method: 'PATCH',
      url: post(IDS.postDraft),
      body: { title: 'x' },
      status: 404,
    },
    {
      name: 'auth record submit in restricted collection (rule failure check)',
      method: 'PATCH',
      url: post(IDS.postDraft),
      as: 'bob',
      body: { title: 'Hijacked' },
      status: 404,
      events: { beforeUpdate: 0 },
    },
    {
      name: 'submit empty body (aka. no fields change)',
      method: 'PATCH',
      url: post(IDS.postDraft),
      as: 'alice',
      body: {},
      status: 200,
      contains: ['"title":"Draft of a Tiny Tale"'],
    },
    {
      name: 'auth record submit in restricted collection (rule pass check) + expand relations',
      method: 'PATCH',
      url: `${post(IDS.postDraft)}?expand=author`,
      as: 'alice',
      body: { title: 'A Tiny Tale', 'views+': 5, 'tags+': 'growing' },
      status: 200,
      contains: ['"title":"A Tiny Tale"', '"views":5', '"tags":["tiny","growing"]', '"username":"alice"'],
      events: { beforeUpdate: 1, afterUpdate: 1, updateCommitted: 1 },
    },
    {
      name: '@request.body.field with compute modifers (rule failure check)',
      method: 'PATCH',
      url: post(IDS.postDraft),
      as: 'alice',
      body: { published: true },
      status: 404,
    },
    {
      name: 'trigger field validation',
      method: 'PATCH',
      url: post(IDS.postDraft),
      as: 'alice',
      body: { title: '', 'views-': 100 },
      status: 400,
      contains: [
        '"title":{"code":"validation_required"',
        '"views":{"code":"validation_min_number_constraint"',
      ],
    },
    {
      name: 'unique field error check',
      method: 'PATCH',
      url: post(IDS.postDraft),
      as: 'alice',
      body: { title: 'The Giant Garden' },
      status: 400,
      contains: ['"title":{"code":"validation_not_unique"'],
    },
    {
      name: 'superuser submit in restricted collection (rule skip check)',
      method: 'PATCH',
      url: post(IDS.postBob),
      as: 'superuser',
      body: { published: false },
      status: 200,
      contains: ['"published":false'],
    },
    {
      // PocketBase: "try to change the id of an existing record" in apis/record_crud_test.go;
      // TextField.ValidateValue refuses a primary key change with validation_pk_change.
      name: 'try to change the id of an existing record',
      method: 'PATCH',
      url: post(IDS.postDraft),
      as: 'alice',
      body: { id: 'changedid123456', title: 'Renamed with its id' },
      status: 400,
      contains: [
        '"message":"Failed to update record."',
        '"id":{"code":"validation_pk_change","message":"The record primary key cannot be changed."}',
      ],
      events: { beforeUpdate: 0 },
      async after(fx) {
        const row = await fx.core.db.kysely
          .selectFrom('posts')
          .select('title')
          .where('id', '=', IDS.postDraft)
          .executeTakeFirstOrThrow();
        if (row.title === 'Renamed with its id') throw new Error('nothing may change');
      },
    },
    {
      // The same id as the stored one is no change (TextField.ValidateValue compares with LastSavedPK).
      name: "submitting the record's own id is accepted",
      method: 'PATCH',
      url: post(IDS.postDraft),
      as: 'alice',
      body: { id: IDS.postDraft },
      status: 200,
      contains: [`"id":"${IDS.postDraft}"`],
    },
    {
      name: 'try to change account managing fields by auth record (owner)',
      method: 'PATCH',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'bob',
      body: { email: 'new@example.com', verified: true },
      status: 400,
      contains: ['"email":{', '"verified":{'],
    },
    {
      name: 'try to change account managing fields by auth record with managing rights',
      method: 'PATCH',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'mod',
      body: { verified: true },
      status: 404,
    },
    {
      // PocketBase: RecordUpsert.validateFormFields — oldPassword Required for a non-manager's change.
      name: 'password change without oldPassword is refused',
      method: 'PATCH',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'bob',
      body: { password: 'new password 1', passwordConfirm: 'new password 1' },
      status: 400,
      contains: ['"data":{"oldPassword":{"code":"validation_required","message":"Cannot be blank."}}'],
    },
    {
      // PocketBase: RecordUpsert.checkOldPassword.
      name: 'password change with a wrong oldPassword is refused',
      method: 'PATCH',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'bob',
      body: { password: 'new password 1', passwordConfirm: 'new password 1', oldPassword: 'wrong one' },
      status: 400,
      contains: [
        '"data":{"oldPassword":{"code":"validation_invalid_old_password","message":"Missing or invalid old password."}}',
      ],
    },
    {
      // PocketBase: "auth record with invalid form data" (update, as a superuser): the form's password
      // checks fail, so the invalid email is not reported and verified is a manager's to change.
      name: 'auth record update with invalid form data reports only the form',
      method: 'PATCH',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'superuser',
      body: { password: '', passwordConfirm: '1234560', email: 'invalid', verified: false },
      status: 400,
      contains: [
        '"password":{"code":"validation_required"',
        '"passwordConfirm":{"code":"validation_values_mismatch"',
      ],
      notContains: ['"email":', '"verified":'],
      events: { beforeUpdate: 0 },
    },
    {
      name: 'success password change with oldPassword (old tokens stop working)',
      method: 'PATCH',
      url: `/api/collections/members/records/${IDS.bob}`,
      as: 'bob',
      body: {
        oldPassword: 'correct horse battery',
        password: 'new password 1',
        passwordConfirm: 'new password 1',
      },
      status: 200,
      async after(fx) {
        const res = await fx.server.inject({
          method: 'POST',
          url: '/api/collections/members/auth-refresh',
          headers: { authorization: fx.tokens.bob },
        });
        if (res.statusCode !== 401)
          throw new Error(`the old token should fail after a password change, got ${res.statusCode}`);
      },
    },
    {
      name: 'update with hidden field as regular user (ignored)',
      method: 'PATCH',
      url: `/api/collections/members/records/${IDS.alice}`,
      as: 'alice',
      body: { note: 'mine' },
      status: 200,
      notContains: ['mine'],
    },
    {
      name: 'update with hidden field as superuser',
      method: 'PATCH',
      url: `/api/collections/members/records/${IDS.alice}`,
      as: 'superuser',
      body: { note: 'from root' },
      status: 200,
      contains: ['"note":"from root"'],
    },
    {
      name: 'update auth record with valid data by superuser',
      method: 'PATCH',
      url: `/api/collections/members/records/${IDS.alice}`,
      as: 'superuser',
      body: { verified: true, email: 'alice2@example.com' },
      status: 200,
      contains: ['"verified":true', '"email":"alice2@example.com"'],
    },
  ]);
});
