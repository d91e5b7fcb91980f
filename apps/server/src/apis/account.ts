/**
 * Leaving the site (issue 45; the work is in site/account-deletion.ts):
 *
 * - `POST /api/account/delete`: the signed-in member asks for their own account to be deleted, with
 *   their password again (a token left on a shared computer is not enough) and their choices. The
 *   account is erased after the grace period unless they sign in before; their sessions end now.
 * - `POST /api/account/delete/request-mail` and `POST /api/account/delete/confirm`: the same for a
 *   member with no password to give (single sign-on): the choices first, then the link mailed to the
 *   account's address, followed while signed in.
 * - `POST /api/account/delete-member`: an admin deletes a member's account (`user`) at once, with the
 *   same choices and a reason, which the moderation log keeps. The account is named in the body, not
 *   the address, as request logs keep addresses and the account is to leave no trace.
 *
 * - `POST /api/account/export`: the signed-in member asks for a copy of their data (site/data-export.ts),
 *   once a day; it is built in the background and announced by a notification and a mail.
 *
 * Wrong passwords count against the same hourly limit as failed sign-ins, so this is no way around it.
 */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import {
  CONFIRMATION_MINUTES,
  DISCUSSIONS_CHOICES,
  GRACE_DAYS,
  USERNAME_COOLING_OFF_DAYS,
  WORKS_CHOICES,
  confirmDeletionByMail,
  eraseByStaff,
  isPlaceholder,
  mailDeletionConfirmation,
  requestDeletion,
  type DeletionChoice,
} from '../site/account-deletion';
import { requestExport } from '../site/data-export';
import { ApiError } from '../tools/api-error';

const FAILED = 'Failed to delete the account.';
/** The same budget as sign-ins (apis/record-auth.ts): 100 wrong passwords per account and hour. */
const MAX_FAILURES_PER_HOUR = 100;
/** Confirmation mails per account and hour: enough to ask again, not enough to flood a mailbox. */
const MAX_MAILS_PER_HOUR = 3;

type Body = Record<string, unknown>;

const invalid = (field: string, code: string, message: string) =>
  new ApiError(400, FAILED, { [field]: { code, message } });

/** The choices, each one of its values; `discussions` defaults to keeping them (why: the site module). */
function readChoice(body: Body): DeletionChoice {
  const works = body.works;
  if (typeof works !== 'string' || !(WORKS_CHOICES as readonly string[]).includes(works))
    throw invalid('works', 'validation_in_invalid', `Choose one of: ${WORKS_CHOICES.join(', ')}.`);
  const discussions = body.discussions ?? 'keep';
  if (typeof discussions !== 'string' || !(DISCUSSIONS_CHOICES as readonly string[]).includes(discussions))
    throw invalid(
      'discussions',
      'validation_in_invalid',
      `Choose one of: ${DISCUSSIONS_CHOICES.join(', ')}.`,
    );
  return { works, discussions } as DeletionChoice;
}

const bodyOf = (body: unknown): Body =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};

function memberOf(request: {
  info: { auth?: { isSuperuser: boolean; collection: { name: string }; record: Body } | null };
}) {
  const auth = request.info.auth;
  if (!auth || auth.isSuperuser || auth.collection.name !== 'users')
    throw new ApiError(401, 'The request requires valid record authorization token.');
  return auth.record;
}

export function registerAccountRoutes(app: FastifyInstance, core: Core): void {
  app.post('/api/account/delete', async (request) => {
    const member = memberOf(request);
    const body = bodyOf(request.body);
    const password = body.password;
    if (typeof password !== 'string' || password === '')
      throw invalid('password', 'validation_required', 'Enter your password to delete your account.');
    const choice = readChoice(body);
    const id = String(member.id);
    const attempts = core.accountMail.attempts;
    const failuresKey = `sign-in-failures:${core.registry.find('users')!.id}:${id}`;
    if ((await attempts.count(failuresKey)) >= MAX_FAILURES_PER_HOUR) throw new ApiError(429);
    if (!(await core.passwords.verify(password, String(member.password)))) {
      await attempts.hit(failuresKey, MAX_FAILURES_PER_HOUR, 3600);
      throw invalid('password', 'validation_invalid_password', 'The password is not right.');
    }
    const { eraseAfter } = await requestDeletion(core, id, choice);
    request.log.info({ event: 'account.deletion_requested' }, 'account deletion requested');
    return { eraseAfter, graceDays: GRACE_DAYS, usernameCoolingOffDays: USERNAME_COOLING_OFF_DAYS };
  });

  app.post('/api/account/delete/request-mail', async (request, reply) => {
    const member = memberOf(request);
    const choice = readChoice(bodyOf(request.body));
    if (typeof member.email !== 'string' || member.email === '')
      throw new ApiError(400, 'This account has no email address to confirm by.');
    const attempts = core.accountMail.attempts;
    const key = `account-deletion-mails:${String(member.id)}`;
    if ((await attempts.count(key)) >= MAX_MAILS_PER_HOUR) throw new ApiError(429);
    await attempts.hit(key, MAX_MAILS_PER_HOUR, 3600);
    await mailDeletionConfirmation(core, member, choice);
    return reply.status(202).send({ confirmWithinMinutes: CONFIRMATION_MINUTES });
  });

  app.post('/api/account/delete/confirm', async (request) => {
    const member = memberOf(request);
    const token = bodyOf(request.body).token;
    if (typeof token !== 'string' || token === '' || token.length > 200)
      throw invalid('token', 'validation_required', 'The confirmation link is missing its token.');
    const { eraseAfter } = await confirmDeletionByMail(core, String(member.id), token);
    request.log.info({ event: 'account.deletion_requested', by: 'mail' }, 'account deletion requested');
    return { eraseAfter, graceDays: GRACE_DAYS, usernameCoolingOffDays: USERNAME_COOLING_OFF_DAYS };
  });

  app.post('/api/account/export', async (request, reply) => {
    const member = memberOf(request);
    const answer = await requestExport(core, String(member.id));
    request.log.info({ event: 'account.export_requested' }, 'data export requested');
    return reply.status(202).send(answer);
  });

  app.post('/api/account/delete-member', async (request, reply) => {
    const admin = memberOf(request);
    const roles = Array.isArray(admin.roles) ? admin.roles.map(String) : [];
    if (!roles.includes('admin')) throw new ApiError(403, 'Only admins delete accounts.');
    const body = bodyOf(request.body);
    const choice = readChoice(body);
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (!reason) throw invalid('reason', 'validation_required', 'Say why the account is deleted.');
    if (reason.length > 2000)
      throw invalid('reason', 'validation_length_out_of_range', 'At most 2000 characters.');
    const target = body.user;
    if (typeof target !== 'string' || target === '')
      throw invalid('user', 'validation_required', 'Name the account to delete.');
    if (target === String(admin.id))
      throw new ApiError(400, 'Delete your own account from your settings, with your password.');
    if (isPlaceholder(target)) throw new ApiError(400, 'This account stands in for members who left.');
    await eraseByStaff(core, String(admin.id), target, choice, reason);
    request.log.info({ event: 'account.deleted_by_staff', admin: admin.id }, 'account deleted by an admin');
    return reply.status(204).send();
  });
}
