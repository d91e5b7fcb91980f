/**
 * Queued mail (issue 44): a mail written with what caused it is sent by the mail job; while the mail
 * server fails it waits and is tried again after growing waits, never lost, and given up only after the
 * last try; it survives a restart (another core over the same database sends it); two senders at once
 * send it once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../src/core/mail/mailer';
import { ensureCollections } from '../../src/site/ensure-collections';
import { registerSite } from '../../src/site';
import { communityCollections } from '../../src/collections';
import {
  FAILED_KEPT_DAYS,
  RETRY_MINUTES,
  forgetFailedMail,
  queueMail,
  sendDueMail,
} from '../../src/site/mail-queue';
import type { Core } from '../../src/core';
import { createTestServer } from '../support/app';
import { describeEachDialect } from '../support/databases';
import { buildCommunity, type Community } from '../support/community';

const MINUTE_MS = 60_000;

/** A mail server the test can take down and bring back. */
function flakyMailer() {
  const sent: MailMessage[] = [];
  const state = { down: false };
  const mailer: Mailer = {
    send: (message) => {
      if (state.down) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25'));
      sent.push(message);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  return { mailer, sent, state };
}

const mail = (subject: string): MailMessage => ({
  to: 'alice@example.com',
  subject,
  text: `${subject}, in text`,
  html: `<p>${subject}</p>`,
});

describeEachDialect('queued mail (issue 44)', (getDb) => {
  let community: Community;
  const smtp = flakyMailer();
  const queued = async (core: Core) =>
    (await core.db.kysely.selectFrom('mail_queue').selectAll().orderBy('created').execute()) as Array<
      Record<string, unknown>
    >;

  beforeAll(async () => {
    community = await buildCommunity(getDb(), { mailer: smtp.mailer });
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('sends a queued mail with the job and keeps no copy', async () => {
    await queueMail(community.core, mail('Hello'));
    expect(smtp.sent).toEqual([]);
    expect(await sendDueMail(community.core)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.sent).toEqual([mail('Hello')]);
    expect(await queued(community.core)).toEqual([]);
  });

  it('while the mail server is down the mail waits, is tried again after growing waits, and goes once it is back', async () => {
    smtp.state.down = true;
    await queueMail(community.core, mail('Outage'));
    const now = Date.now();
    expect(await sendDueMail(community.core, now)).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [row] = await queued(community.core);
    expect(row).toMatchObject({
      status: 'waiting',
      attempts: 1,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    // Not due before its wait is over.
    expect(await sendDueMail(community.core, now + (RETRY_MINUTES[0] * MINUTE_MS) / 2)).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(await sendDueMail(community.core, now + RETRY_MINUTES[0] * MINUTE_MS + 1000)).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    });
    const [again] = await queued(community.core);
    expect(again).toMatchObject({ attempts: 2 });
    smtp.state.down = false;
    const later = now + (RETRY_MINUTES[0] + RETRY_MINUTES[1]) * MINUTE_MS + 2000;
    expect(await sendDueMail(community.core, later)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.sent.filter((m) => m.subject === 'Outage')).toHaveLength(1);
  });

  it('gives up after the last try and keeps the mail as failed for a while, then forgets it', async () => {
    smtp.state.down = true;
    await queueMail(community.core, mail('Never'));
    let now = Date.now();
    for (const wait of RETRY_MINUTES) {
      expect((await sendDueMail(community.core, now)).retried).toBe(1);
      now += wait * MINUTE_MS + 1000;
    }
    expect(await sendDueMail(community.core, now)).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await queued(community.core);
    expect(row).toMatchObject({ status: 'failed', attempts: RETRY_MINUTES.length + 1 });
    expect(await sendDueMail(community.core, now + 10 * 24 * 60 * MINUTE_MS)).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(
      await forgetFailedMail(community.core, Date.now() + (FAILED_KEPT_DAYS - 1) * 24 * 60 * MINUTE_MS),
    ).toBe(0);
    expect(
      await forgetFailedMail(community.core, Date.now() + (FAILED_KEPT_DAYS + 1) * 24 * 60 * MINUTE_MS),
    ).toBe(1);
    expect(await queued(community.core)).toEqual([]);
    smtp.state.down = false;
  });

  it('two senders at once send a mail once', async () => {
    await queueMail(community.core, mail('Once'));
    const runs = await Promise.all([sendDueMail(community.core), sendDueMail(community.core)]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    expect(smtp.sent.filter((m) => m.subject === 'Once')).toHaveLength(1);
  });

  it('survives a restart: what one server queued, another over the same database sends', async () => {
    smtp.state.down = true;
    await queueMail(community.core, mail('Across a restart'));
    expect((await sendDueMail(community.core)).retried).toBe(1);
    smtp.state.down = false;
    const other = flakyMailer();
    let core!: Core;
    const server = await createTestServer(getDb().db, { mailer: other.mailer, onCore: (c) => (core = c) });
    try {
      await ensureCollections(core, communityCollections);
      registerSite(core);
      expect(await sendDueMail(core, Date.now() + RETRY_MINUTES[0] * MINUTE_MS + 1000)).toMatchObject({
        sent: 1,
      });
      expect(other.sent.map((m) => m.subject)).toEqual(['Across a restart']);
    } finally {
      await server.close();
    }
  });
});
