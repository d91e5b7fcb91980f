/**
 * The verifying mode of remembered answers (`ANSWER_CACHE_VERIFY=1`): every answer the list and view
 * endpoints give is also computed from the database with nothing remembered (no totals, pages,
 * answers, addresses or look-ups), and the two must be the same bytes, or fail the same way. A
 * difference throws with both answers, so a suite run in this mode fails on any answer that a missed
 * invalidation left stale, wherever in the remembering it was missed.
 *
 * A write may commit between the two computations and rightly change the second. So a difference is
 * asked again, both ways, a few times: a remembered answer the write made stale is computed afresh
 * the next time, while one that a missed invalidation keeps stale stays different.
 */
import type { RecordContext } from './context';
import type { JsonBody } from './list-cache';

/** Pairs computed before a persisting difference is reported. */
const ATTEMPTS = 3;

export class AnswerMismatch extends Error {
  override name = 'AnswerMismatch';
}

/** The same core, remembering nothing: what each remembered answer is compared with. */
export function withoutMemory<Core extends { records: RecordContext }>(core: Core): Core {
  const { lists: _lists, ...records } = core.records;
  return { ...core, records };
}

type Outcome<T> = { ok: true; value: T; text: string } | { ok: false; error: unknown; text: string };

async function outcomeOf<T extends JsonBody>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    const value = await work();
    return { ok: true, value, text: value.toString() };
  } catch (error) {
    const status = (error as { status?: number }).status ?? '';
    return { ok: false, error, text: `failed: ${status} ${(error as Error).message}` };
  }
}

/** The remembered answer, once the database agrees with it. */
export async function verifiedAnswer<T extends JsonBody>(
  what: string,
  remembered: () => Promise<T>,
  fromDatabase: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const kept = await outcomeOf(remembered);
    const fresh = await outcomeOf(fromDatabase);
    if (kept.text === fresh.text) {
      if (kept.ok) return kept.value;
      throw kept.error;
    }
    if (attempt === ATTEMPTS) {
      throw new AnswerMismatch(
        `${what}: the remembered answer differs from the database's\n  remembered: ${kept.text.slice(0, 2000)}\n  database:   ${fresh.text.slice(0, 2000)}`,
      );
    }
  }
}
