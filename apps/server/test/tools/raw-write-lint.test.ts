/**
 * Lint refuses a raw INSERT, UPDATE or DELETE that does not say what it changed (eslint.config.js,
 * "Raw writes"): outside db/, the migrations and the log store, such a statement must be the one
 * `rawWrite` or `rawWriteUnremembered` runs, so no remembered answer outlives the write.
 */
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
// The rule as the project's lint config defines it (a JavaScript module without types).
const { rawWriteRule } = (await import(path.join(root, 'eslint.config.js'))) as {
  rawWriteRule: { selector: string; message: string };
};

function problems(code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(code, [{ rules: { 'no-restricted-syntax': ['error', rawWriteRule] } }])
    .map((message) => message.message);
}

describe('raw writes in lint', () => {
  it('refuses a raw write run on its own, whatever its case or leading space', () => {
    for (const statement of [
      'sql`DELETE FROM staff_messages WHERE id = ${id}`.execute(db)',
      'sql`\n  update posts set like_count = 0`.execute(db)',
      'sql`INSERT INTO notifications (id) VALUES (${id})`.execute(db)',
    ]) {
      expect(problems(`const id = 1, db = null;\n${statement};`), statement).toEqual([rawWriteRule.message]);
    }
  });

  it('takes the same statements through rawWrite and rawWriteUnremembered, and reads anywhere', () => {
    const code = `const id = 1, db = null, scope = null;
      rawWrite(scope, { rows: 'staff_messages' }, sql\`DELETE FROM staff_messages WHERE id = \${id}\`);
      rawWriteUnremembered(db, sql\`UPDATE posts SET approved = approved WHERE id = \${id}\`);
      sql\`SELECT * FROM posts WHERE id = \${id}\`.execute(db);`;
    expect(problems(code)).toEqual([]);
  });

  it('applies to the server outside db/, the migrations and the log store', async () => {
    const eslint = new ESLint({ cwd: root });
    const ruleFor = async (file: string) =>
      ((await eslint.calculateConfigForFile(path.join(root, file))) as Linter.Config).rules?.[
        'no-restricted-syntax'
      ];
    for (const file of ['apps/server/src/site/staff-chat.ts', 'apps/server/src/core/records/write.ts']) {
      expect(JSON.stringify(await ruleFor(file)), file).toContain(rawWriteRule.selector.slice(0, 40));
    }
    for (const file of ['apps/server/src/db/open.ts', 'apps/server/src/core/logs/log-store.ts']) {
      expect(JSON.stringify((await ruleFor(file)) ?? null), file).not.toContain('rawWrite');
    }
  });
});
