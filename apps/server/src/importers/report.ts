/**
 * What an import did, or in a dry run would do: per kind of thing, how many were imported, how many an
 * earlier run had imported already, how many were left out and why, and notes an operator should read
 * (renamed pen names, accounts without an email). Printed at the end of the command.
 */
const SHOWN_PER_TOPIC = 20;

export class ImportReport {
  readonly imported = new Map<string, number>();
  readonly already = new Map<string, number>();
  readonly skipped = new Map<string, number>();
  readonly notes = new Map<string, string[]>();

  count(map: Map<string, number>, what: string, n = 1): void {
    map.set(what, (map.get(what) ?? 0) + n);
  }

  wasImported(what: string): void {
    this.count(this.imported, what);
  }

  wasThere(what: string): void {
    this.count(this.already, what);
  }

  /** Left out, with the reason as the operator reads it ("reviews: rating only, no text"). */
  left(reason: string, n = 1): void {
    this.count(this.skipped, reason, n);
  }

  note(topic: string, message: string): void {
    const list = this.notes.get(topic) ?? [];
    list.push(message);
    this.notes.set(topic, list);
  }

  /** The summary as lines for a terminal. */
  lines(dryRun: boolean): string[] {
    const out: string[] = [];
    const kinds = [...new Set([...this.imported.keys(), ...this.already.keys()])];
    out.push(dryRun ? 'Dry run: nothing was written. An import would bring:' : 'Imported:');
    if (kinds.length === 0) out.push('  nothing');
    for (const kind of kinds) {
      const already = this.already.get(kind) ?? 0;
      out.push(
        `  ${kind.padEnd(22)} ${String(this.imported.get(kind) ?? 0).padStart(8)}${already ? `   (${already} imported before, kept as they are)` : ''}`,
      );
    }
    if (this.skipped.size) {
      out.push('Left out:');
      for (const [reason, n] of this.skipped) out.push(`  ${String(n).padStart(8)}  ${reason}`);
    }
    for (const [topic, messages] of this.notes) {
      out.push(`${topic} (${messages.length}):`);
      for (const message of messages.slice(0, SHOWN_PER_TOPIC)) out.push(`  ${message}`);
      if (messages.length > SHOWN_PER_TOPIC) out.push(`  ... and ${messages.length - SHOWN_PER_TOPIC} more`);
    }
    return out;
  }
}
