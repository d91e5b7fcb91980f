/**
 * The account mails. Links open the web app, which confirms through the API (PRODUCT.md §3):
 * verification and email change on /settings, password reset on /forgot-password.
 */
import type { MailMessage } from './mailer';

export interface MailContext {
  siteTitle: string;
  publicUrl: string;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function compose(
  to: string,
  subject: string,
  lines: string[],
  link: { url: string; label: string } | null,
  ctx: MailContext,
): MailMessage {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : []), '', `— ${ctx.siteTitle}`].join(
    '\n',
  );
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...lines.map((line) => `<p>${escape(line)}</p>`),
    link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : '',
    `<p style="color:#666">— ${escape(ctx.siteTitle)}</p>`,
    '</body></html>',
  ].join('');
  return { to, subject, text, html };
}

export function verificationMail(to: string, token: string, ctx: MailContext): MailMessage {
  return compose(
    to,
    `Verify your email for ${ctx.siteTitle}`,
    [
      'Thanks for joining. Please confirm this email address belongs to you.',
      'If you did not create an account, you can ignore this mail.',
    ],
    {
      url: `${ctx.publicUrl}/settings?verificationToken=${encodeURIComponent(token)}`,
      label: 'Verify my email',
    },
    ctx,
  );
}

export function passwordResetMail(to: string, token: string, ctx: MailContext): MailMessage {
  return compose(
    to,
    `Reset your ${ctx.siteTitle} password`,
    [
      'Someone asked to reset the password of the account with this email.',
      'The link works for 30 minutes. If it was not you, ignore this mail: your password stays as it is.',
    ],
    {
      url: `${ctx.publicUrl}/forgot-password?resetToken=${encodeURIComponent(token)}`,
      label: 'Choose a new password',
    },
    ctx,
  );
}

export function emailChangeMail(to: string, token: string, ctx: MailContext): MailMessage {
  return compose(
    to,
    `Confirm your new email for ${ctx.siteTitle}`,
    [
      'Someone asked to use this address for their account. Confirming will ask for the account password.',
      'If it was not you, ignore this mail.',
    ],
    {
      url: `${ctx.publicUrl}/settings?emailChangeToken=${encodeURIComponent(token)}`,
      label: 'Confirm the new email',
    },
    ctx,
  );
}

export function otpMail(to: string, code: string, durationSeconds: number, ctx: MailContext): MailMessage {
  return compose(
    to,
    `Your ${ctx.siteTitle} sign-in code`,
    [
      `Your one-time sign-in code is ${code}.`,
      `It works once, for ${Math.round(durationSeconds / 60)} minutes. If you did not ask for it, ignore this mail.`,
    ],
    null,
    ctx,
  );
}

/**
 * Confirms an account deletion by mail, for members who have no password to give (single sign-on,
 * issue 45). The link opens /settings, which confirms through `POST /api/account/delete/confirm`.
 */
export function accountDeletionMail(
  to: string,
  token: string,
  minutes: number,
  ctx: MailContext,
): MailMessage {
  return compose(
    to,
    `Confirm deleting your ${ctx.siteTitle} account`,
    [
      'Someone signed in to your account asked for it to be deleted.',
      `The link works for ${minutes} minutes. After you confirm, the account is erased 7 days later unless you sign in before then.`,
      'If it was not you, ignore this mail and change your password or sign-in method: nothing is deleted.',
    ],
    {
      url: `${ctx.publicUrl}/settings?deleteAccountToken=${encodeURIComponent(token)}`,
      label: 'Confirm deleting my account',
    },
    ctx,
  );
}

/** The member's data is ready; the link opens the settings, where their own session downloads it. */
export function dataExportMail(to: string, days: number, ctx: MailContext): MailMessage {
  return compose(
    to,
    `Your ${ctx.siteTitle} data is ready`,
    [
      'The copy of your data you asked for is ready: a zip with your account, profile, works, comments, messages and everything else the site keeps about you.',
      `Sign in and download it from your settings within ${days} days; after that it is deleted.`,
      'If you did not ask for it, change your password: someone signed in to your account.',
    ],
    { url: `${ctx.publicUrl}/settings#your-data`, label: 'Download my data' },
    ctx,
  );
}
