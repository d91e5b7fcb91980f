import fs from 'node:fs';
import path from 'node:path';

/** A mail as the server writes it to `<dataDir>/outbox/*.json` when no SMTP server is configured. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function newestFile(dir: string): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, mtime: fs.statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
  return files[0] && path.join(dir, files[0].name);
}

/** Waits for a mail to `to` to be the newest file in the outbox and returns it. */
export async function newestMailTo(dataDir: string, to: string, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const file = newestFile(path.join(dataDir, 'outbox'));
    if (file) {
      const mail = JSON.parse(fs.readFileSync(file, 'utf8')) as OutboxMail;
      if (mail.to.includes(to)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in a mail's text whose path is `pathname`, e.g. the verification link to /settings. */
export function linkIn(mail: OutboxMail, pathname: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`no link to ${pathname} in the mail "${mail.subject}"`);
}
