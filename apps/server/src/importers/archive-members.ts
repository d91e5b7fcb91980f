/**
 * Members of an old archive become members here (site/imported-accounts.ts says how they claim their
 * accounts): a valid, unique username made from the pen name, the pen name as display name, the email,
 * the bio, the date they joined, and the old password's hash kept for one sign-in. Imported accounts start
 * unverified and `unmigrated`, with no birthday, so they give one (the 18+ gate) before they post.
 *
 * An author whose email belongs to a member here whose email is verified is that member: their works join
 * the existing account, which is left as it is. Email addresses are unique here, so an author whose email
 * is missing, invalid or already used by an account that has not proved it gets an address that never
 * receives mail (`<username>@imported.invalid`): they claim the account with their old password only.
 */
import { sql } from 'kysely';
import { ALPHANUMERIC, randomString } from '../tools/security/random';
import type { ArchiveWriter, Dates } from './archive-writer';
import { usernameWithheld } from '../site/account-deletion';
import { UsernamePicker } from './usernames';

export interface ArchiveMember {
  legacyId: string;
  penName: string;
  email: string;
  /** Markdown. */
  bio: string;
  joined: string;
  website: string;
  /** The old archive's hash of the password, when it kept one the site can check. */
  legacyPassword: { scheme: 'md5'; hash: string } | null;
  banned: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MD5_HEX = /^[0-9a-f]{32}$/i;
const NO_MAIL_DOMAIN = 'imported.invalid';
const BIO_MAX = 20_000;
const NAME_MAX = 100;

/** Whoever wrote the old archive's anonymous reviews: one account nobody signs in to. */
const GUEST = { legacyId: 'guests', username: 'archive-guests', name: 'Guest reviewer' };

export class MemberImporter {
  private readonly usernames: UsernamePicker;
  private readonly emailsTaken = new Set<string>();

  constructor(private readonly writer: ArchiveWriter) {
    this.usernames = new UsernamePicker(
      async (username) =>
        (await this.userWith('username', username)) !== null ||
        (await usernameWithheld(this.writer.db, username)),
    );
  }

  /** The member `member` is here: made now, made by an earlier import, or an account of their own. */
  async member(member: ArchiveMember): Promise<string> {
    const linked = this.writer.linked('author', member.legacyId);
    if (linked !== undefined) {
      this.writer.report.wasThere('members');
      return linked;
    }
    const email = member.email.trim().toLowerCase();
    const usable = EMAIL.test(email) && email.length <= 255;
    const owner = usable ? await this.userWith('email', email) : null;
    if (owner?.verified) {
      await this.writer.link('author', member.legacyId, owner.id);
      this.writer.report.wasImported('members joined to their account here');
      this.writer.report.note(
        'Authors whose works joined the account they already have here (same verified email)',
        `"${member.penName}" -> ${owner.username}`,
      );
      return owner.id;
    }
    const username = await this.usernames.pick(member.penName, `author-${member.legacyId}`, member.legacyId);
    if (username !== member.penName.toLowerCase()) {
      this.writer.report.note(
        'Pen names that sign in with another username',
        `"${member.penName}" -> ${username}`,
      );
    }
    const ownEmail = usable && !owner && !this.emailsTaken.has(email);
    if (!ownEmail) {
      this.writer.report.note(
        'Members without a usable email (they claim their account with their old password only)',
        `${username}${email ? ` (${usable ? 'email used by another account' : 'invalid email'})` : ' (no email)'}`,
      );
    }
    const address = ownEmail ? email : `${username}@${NO_MAIL_DOMAIN}`;
    this.emailsTaken.add(address);
    const dates: Dates = { created: member.joined };
    const id = await this.account('members', 'author', member.legacyId, {
      username,
      email: address,
      name: member.penName,
      bio: member.bio,
      website: member.website,
      banned: member.banned,
      unmigrated: true,
      dates,
    });
    if (member.legacyPassword && MD5_HEX.test(member.legacyPassword.hash)) {
      await this.writer.createUnlinked('legacy_credentials', {
        user: id,
        scheme: member.legacyPassword.scheme,
        hash: member.legacyPassword.hash.toLowerCase(),
      });
    } else {
      this.writer.report.note(
        'Members with no old password kept (they claim their account by a password reset)',
        username,
      );
    }
    return id;
  }

  /** The account anonymous reviews are written under; their text names the guest who wrote each. */
  async guest(): Promise<string> {
    const linked = this.writer.linked('guest', GUEST.legacyId);
    if (linked !== undefined) return linked;
    const username = await this.usernames.pick(GUEST.username, GUEST.username);
    return this.account('guest reviewer account', 'guest', GUEST.legacyId, {
      username,
      email: `${username}@${NO_MAIL_DOMAIN}`,
      name: GUEST.name,
      bio: 'Reviews left by visitors of the old archive who had no account there. Each names its writer.',
      website: '',
      banned: false,
      unmigrated: false,
      dates: { created: '' },
    });
  }

  private async account(
    what: string,
    kind: string,
    legacyId: string,
    a: {
      username: string;
      email: string;
      name: string;
      bio: string;
      website: string;
      banned: boolean;
      unmigrated: boolean;
      dates: Dates;
    },
  ): Promise<string> {
    // Nobody knows this password (ArchiveWriter stores one hash for all): the account opens with the
    // old one, or after a reset.
    const unknown = randomString(48, ALPHANUMERIC);
    const user = await this.writer.create(
      what,
      kind,
      legacyId,
      'users',
      {
        username: a.username,
        email: a.email,
        emailVisibility: false,
        verified: false,
        password: unknown,
        passwordConfirm: unknown,
        unmigrated: a.unmigrated,
        is_banned: a.banned,
      },
      a.dates,
    );
    const profile = await this.writer.createUnlinked(
      'profiles',
      {
        user,
        name: (a.name.trim() || a.username).slice(0, NAME_MAX),
        bio: a.bio.slice(0, BIO_MAX),
        socials: a.website ? { link1: a.website.slice(0, 500) } : {},
      },
      a.dates,
    );
    await this.writer.update('users', user, { profile });
    return user;
  }

  private async userWith(
    field: 'username' | 'email',
    value: string,
  ): Promise<{ id: string; username: string; verified: boolean } | null> {
    const column = sql.ref(field);
    const match = field === 'email' ? sql`LOWER(${column}) = ${value}` : sql`${column} = ${value}`;
    const row = (
      await sql<{
        id: string;
        username: string;
        verified: number | boolean;
      }>`SELECT id, username, verified FROM users WHERE ${match} LIMIT 1`.execute(this.writer.db)
    ).rows[0];
    return row ? { id: row.id, username: row.username, verified: Boolean(row.verified) } : null;
  }
}
