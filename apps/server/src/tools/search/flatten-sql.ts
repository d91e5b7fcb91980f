/**
 * Flattens a SQL fragment built from nested `sql` templates into one template whose only parameters
 * are bound values. Kysely compiles a raw fragment by walking its whole tree of nodes on every
 * execution; a compiled rule is a deep tree (each comparison, reference and table is a node), and
 * walking it was about a tenth of a simple view's CPU. A remembered rule is flattened once, so each
 * query that embeds it walks a handful of value nodes instead.
 *
 * The result compiles to exactly the same SQL text and parameters: nested raw fragments are spliced
 * in order, names (tables, columns, identifiers) and literal values are rendered once by the same
 * dialect compiler that runs the query, and every other node is kept as it was.
 */
import {
  DummyDriver,
  IdentifierNode,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  RawNode,
  ReferenceNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  TableNode,
  ValueNode,
  sql,
  type OperationNode,
  type RawBuilder,
} from 'kysely';

type DialectName = 'sqlite' | 'postgres';

const renderers = new Map<DialectName, Kysely<unknown>>();

/** A Kysely that only compiles, with the query compiler of the dialect the server runs on. */
function rendererFor(dialect: DialectName): Kysely<unknown> {
  let kysely = renderers.get(dialect);
  if (!kysely) {
    kysely = new Kysely<unknown>({
      dialect:
        dialect === 'sqlite'
          ? {
              createAdapter: () => new SqliteAdapter(),
              createDriver: () => new DummyDriver(),
              createIntrospector: (db) => new SqliteIntrospector(db),
              createQueryCompiler: () => new SqliteQueryCompiler(),
            }
          : {
              createAdapter: () => new PostgresAdapter(),
              createDriver: () => new DummyDriver(),
              createIntrospector: (db) => new PostgresIntrospector(db),
              createQueryCompiler: () => new PostgresQueryCompiler(),
            },
    });
    renderers.set(dialect, kysely);
  }
  return kysely;
}

const asSource = (node: OperationNode) => ({ toOperationNode: () => node });

/** Nodes whose SQL text does not depend on where they stand: names, and literals inlined as text. */
function isFixedText(node: OperationNode): boolean {
  return (
    IdentifierNode.is(node) ||
    ReferenceNode.is(node) ||
    TableNode.is(node) ||
    (ValueNode.is(node) && node.immediate === true)
  );
}

export function flattenSql(builder: RawBuilder<unknown>, dialect: DialectName): RawBuilder<unknown> {
  const renderer = rendererFor(dialect);
  const fragments: string[] = [''];
  const parameters: OperationNode[] = [];
  const append = (text: string) => {
    fragments[fragments.length - 1] += text;
  };
  const visit = (node: OperationNode): void => {
    if (RawNode.is(node)) {
      node.sqlFragments.forEach((fragment, i) => {
        append(fragment);
        if (i < node.parameters.length) visit(node.parameters[i]!);
      });
      return;
    }
    if (isFixedText(node)) {
      const rendered = sql`${asSource(node)}`.compile(renderer);
      if (rendered.parameters.length === 0) {
        append(rendered.sql);
        return;
      }
    }
    parameters.push(node);
    fragments.push('');
  };
  visit(builder.toOperationNode());
  const template = Object.assign([...fragments], { raw: [...fragments] }) as TemplateStringsArray;
  return sql(template, ...parameters.map(asSource));
}
