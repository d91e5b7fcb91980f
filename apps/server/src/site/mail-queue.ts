/**
 * Mail that survives a mail server's outage and a restart (issue 44): a mail is a `mail_queue` row
 * written in the transaction of what caused it, and the `mail-queue` job sends it: at once after the
 * commit, and every minute for what is due again. A failed send is tried again after growing waits
 * (`RETRY_MINUTES`, about two days in all), then kept as `failed` for 30 days for an operator to see.
 * So a failing mail server never fails the request or job that wrote the mail, and never loses it.
 *
 * Each due mail is claimed in its own transaction by moving its next try `LEASE_MINUTES` ahead, so two
 * processes send it once; a process that stops while sending leaves it to be sent again after the
 * lease (a mail server that accepted it before that can mean one mail twice, never none).
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { MailMessage } from '../core/mail/mailer';
import { findRecord } from '../core/records/find';
import { inWriteScope, rawWrite, type WriteScope } from '../core/records/scope';
import { createRecord, deleteRecord, updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { formatDate } from '../tools/dates';
import { text } from './values';

/** The waits after the first, second, ... failed send; after the last one the mail is `failed`. */
export const RETRY_MINUTES = [1, 5, 30, 120, 720, 1440] as const;
export const LEASE_MINUTES = 5;
/** How long a mail that could not be sent is kept for an operator to see. */
export const FAILED_KEPT_DAYS = 30;
const JOB = 'mail-queue';
/** Mails one run sends at most; the next run (or the one right after the next commit) sends the rest. */
const BATCH = 100;
const MINUTE_MS = 60_000;

const queue = (core: Core) => core.registry.find('mail_queue')!;
const system = (core: Core) => systemRequest(core.registry.find('_superusers')!);
const at = (ms: number) => formatDate(new Date(ms));

/** Queues a mail in `scope` (or a transaction of its own); the job sends it once that commits. */
export async function queueMail(core: Core, message: MailMessage, scope?: WriteScope): Promise<void> {
  await inWriteScope(core.records, scope, async (s) => {
    await createRecord(
      core.records,
      queue(core),
      { ...message, status: 'waiting', attempts: 0, next_attempt: at(Date.now()) },
      system(core),
      s,
    );
    s.afterCommit.push(() => {
      core.crons.runNow(JOB);
      return Promise.resolve();
    });
  });
}

/** Takes the mail for this process until the lease is over; false when another process took it. */
async function claim(core: Core, id: string, now: number): Promise<boolean> {
  return inWriteScope(core.records, undefined, async (s) => {
    const result = await rawWrite(
      s,
      { columns: 'mail_queue', fields: ['next_attempt'] },
      sql`UPDATE mail_queue SET next_attempt = ${at(now + LEASE_MINUTES * MINUTE_MS)}
        WHERE id = ${id} AND status = 'waiting' AND next_attempt <= ${at(now)}`,
    );
    return Number(result.numAffectedRows ?? 0) > 0;
  });
}

export interface QueueRun {
  sent: number;
  retried: number;
  failed: number;
}

/** Sends every mail that is due; a failure waits its turn to be tried again, or is given up. */
export async function sendDueMail(core: Core, now = Date.now()): Promise<QueueRun> {
  const run: QueueRun = { sent: 0, retried: 0, failed: 0 };
  const due = await sql<{
    id: string;
  }>`SELECT id FROM mail_queue WHERE status = 'waiting' AND next_attempt <= ${at(now)} ORDER BY next_attempt LIMIT ${BATCH}`.execute(
    core.db.kysely,
  );
  for (const { id } of due.rows) {
    if (!(await claim(core, text(id), now))) continue;
    const mail = await findRecord(core.records, queue(core), text(id), null, core.db.kysely);
    if (!mail) continue;
    try {
      await core.accountMail.mailer.send({
        to: text(mail.to),
        subject: text(mail.subject),
        text: text(mail.text),
        html: text(mail.html),
      });
    } catch (error) {
      const attempts = Number(mail.attempts ?? 0) + 1;
      const wait = RETRY_MINUTES[attempts - 1];
      await updateRecord(
        core.records,
        queue(core),
        text(id),
        {
          attempts,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
          ...(wait === undefined ? { status: 'failed' } : { next_attempt: at(now + wait * MINUTE_MS) }),
        },
        system(core),
      );
      if (wait === undefined) run.failed++;
      else run.retried++;
      continue;
    }
    await deleteRecord(core.records, queue(core), text(id), system(core));
    run.sent++;
  }
  return run;
}

/** Removes every mail still waiting for (or given up on) this address: an erased account's. */
export async function forgetMailTo(core: Core, address: string, scope: WriteScope): Promise<void> {
  if (!address) return;
  const rows = await sql<{ id: string }>`SELECT id FROM mail_queue WHERE "to" = ${address}`.execute(scope.db);
  for (const { id } of rows.rows)
    await deleteRecord(core.records, queue(core), text(id), system(core), scope);
}

/** Removes the mails given up on more than `FAILED_KEPT_DAYS` ago. */
export async function forgetFailedMail(core: Core, now = Date.now()): Promise<number> {
  const old = await sql<{ id: string }>`SELECT id FROM mail_queue
    WHERE status = 'failed' AND updated <= ${at(now - FAILED_KEPT_DAYS * 24 * 60 * MINUTE_MS)}`.execute(
    core.db.kysely,
  );
  for (const { id } of old.rows) await deleteRecord(core.records, queue(core), text(id), system(core));
  return old.rows.length;
}

/** Adds the job to the periodic jobs (`/api/crons`): sends what is due, forgets old failures. */
export function scheduleMailQueue(core: Core, everyMs: number): void {
  core.crons.add(JOB, { everyMs }, async () => {
    await sendDueMail(core);
    await forgetFailedMail(core);
  });
}
