import type { CollectionInput } from '../core/collections/model';
import { MEMBER, all, any, owns, unchanged, untouched } from './rules';
import { CONTRIBUTES } from './posts';

/**
 * Authorship is consented (PRODUCT.md §15): a post's contributors invite co-authors; the invitee is
 * told by a notification and accepts or declines here. Only on accepting does the server add them to
 * the post's contributors (site/coauthors.ts), so nobody is listed as an author without saying yes.
 */
export const postInvitations: CollectionInput = {
  name: 'post_invitations',
  listRule: any(owns('user'), owns('inviter'), CONTRIBUTES('post.')),
  viewRule: any(owns('user'), owns('inviter'), CONTRIBUTES('post.')),
  createRule: all(
    MEMBER,
    owns('inviter'),
    CONTRIBUTES('post.'),
    'user != @request.auth.id',
    untouched('status', 'title', 'href'),
  ),
  // The invitee answers: accepted or declined, nothing else changes. A declined one stays, so it is
  // not sent again (site/coauthors.ts), until the invitee accepts it after all or dismisses it.
  updateRule: all(
    owns('user'),
    any(
      all("status = 'pending'", "@request.body.status = 'accepted' || @request.body.status = 'declined'"),
      all("status = 'declined'", "@request.body.status = 'accepted'"),
    ),
    unchanged('post', 'user', 'inviter', 'title', 'href'),
  ),
  // Dismissed by its invitee; withdrawn by its inviter or the post's contributors while it is not a
  // refusal (deleting a declined one would let them ask again).
  deleteRule: any(owns('user'), all("status != 'declined'", any(owns('inviter'), CONTRIBUTES('post.')))),
  fields: [
    { name: 'post', type: 'relation', collectionId: 'posts', required: true, cascadeDelete: true },
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'inviter', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'status', type: 'select', values: ['pending', 'accepted', 'declined'] },
    // Kept by the server at creation (site/coauthors.ts): what the invitee sees before they may open it.
    { name: 'title', type: 'text', max: 300 },
    { name: 'href', type: 'text', max: 300 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_post_invitations_post_user ON "post_invitations" ("post", "user")',
    'CREATE INDEX idx_post_invitations_user ON "post_invitations" ("user")',
  ],
};
