import { isModerator, isTester } from './roles';
import type { Session } from './session';

/**
 * What the screens offer to whom (spec part 1 §6). These only decide which buttons appear; the server's
 * collection rules decide what actually happens, and they agree with these.
 */
export interface ContributedRecord {
  contributors: readonly string[];
}

export interface AuthoredRecord {
  author: string;
}

const isContributor = (session: Session, post: ContributedRecord) =>
  session.user !== null && post.contributors.includes(session.user.id);

/** Edit story or series: contributors only. */
export const canEditPost = (session: Session, post: ContributedRecord): boolean =>
  isContributor(session, post);

/** Delete a post (story, series, forum post): moderators or contributors of the post. */
export const canDeletePost = (session: Session, post: ContributedRecord): boolean =>
  isContributor(session, post) || (session.user !== null && isModerator(session.roles));

/** Edit a comment: its author (the server's update rule). */
export const canEditComment = (session: Session, comment: AuthoredRecord): boolean =>
  session.user !== null && comment.author === session.user.id;

/**
 * Delete a comment: moderators or contributors of the post it is on (spec part 1 §6), and its author,
 * who may always take back what they wrote (PRODUCT.md §2).
 */
export const canDeleteComment = (
  session: Session,
  comment: AuthoredRecord,
  post: ContributedRecord,
): boolean => canEditComment(session, comment) || canDeletePost(session, post);

/** Testers (and so moderators and admins) see internal ids on posts and comments. */
export const seesInternalIds = (session: Session): boolean =>
  session.user !== null && isTester(session.roles);
