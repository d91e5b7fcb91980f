import type { CollectionInput } from '../core/collections/model';

/**
 * Mails waiting to be sent (site/mail-queue.ts): written in the transaction of what caused them, sent
 * by the `mail-queue` job, retried with growing waits while the mail server fails, kept as `failed`
 * after the last try for an operator to see. The server alone reads and writes it: a mail's text can
 * hold a one-time link.
 */
export const mailQueue: CollectionInput = {
  name: 'mail_queue',
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'to', type: 'text', required: true, max: 320 },
    { name: 'subject', type: 'text', required: true, max: 500 },
    { name: 'text', type: 'text', required: true, max: 100_000 },
    { name: 'html', type: 'text', max: 200_000 },
    // waiting: to be sent at `next_attempt`; failed: every try failed (the last error says why).
    { name: 'status', type: 'select', values: ['waiting', 'failed'], required: true },
    { name: 'attempts', type: 'number', onlyInt: true, min: 0 },
    { name: 'next_attempt', type: 'date', required: true },
    { name: 'last_error', type: 'text', max: 2000 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: ['CREATE INDEX idx_mail_queue_due ON "mail_queue" ("status", "next_attempt")'],
};
