import type { CollectionInput } from '../core/collections/model';
import { MEMBER, MOD, all, any, owns, unchanged } from './rules';
import { CONTRIBUTES } from './posts';

/** The post types whose editors keep a draft as the member types (PRODUCT.md §14 "Drafts and revisions"). */
export const DRAFT_TYPES = ['story', 'series', 'forum-post'] as const;

/**
 * An editor's unsaved text, kept on the server as the member types so it survives a closed tab and opens
 * on a second device. One per member and post being edited (`post`), or per member and type of new post
 * (`post` empty). Private to its member (moderators may read it); only its member writes or discards it,
 * and only for a post they contribute to. Nothing removes drafts on a timer.
 */
export const drafts: CollectionInput = {
  name: 'drafts',
  listRule: all(MEMBER, any(owns('user'), MOD)),
  viewRule: all(MEMBER, any(owns('user'), MOD)),
  createRule: all(MEMBER, owns('user'), any("post = ''", CONTRIBUTES('post.'))),
  updateRule: all(MEMBER, owns('user'), unchanged('user', 'post', 'type')),
  deleteRule: all(MEMBER, owns('user')),
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'type', type: 'select', required: true, values: [...DRAFT_TYPES] },
    { name: 'post', type: 'relation', collectionId: 'posts', cascadeDelete: true },
    // The editor's fields as it holds them (title, description, tags, content, ...): a story's content
    // may be 2 MB, so the draft may be a little more.
    { name: 'data', type: 'json', maxSize: 2_200_000 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: ['CREATE UNIQUE INDEX idx_drafts_user_type_post ON "drafts" ("user", "type", "post")'],
};

/**
 * A saved version of a story (PRODUCT.md §14): the server keeps one on every save that changes the story's
 * title, description, labels, tags or text (site/revisions.ts). Contributors (and moderators) list and
 * compare them; restoring one is an ordinary save, so it becomes the newest revision and nothing is lost.
 * Nobody writes or deletes them through the API; they go when their post does.
 */
export const postRevisions: CollectionInput = {
  name: 'post_revisions',
  listRule: all(MEMBER, any(CONTRIBUTES('post.'), MOD)),
  viewRule: all(MEMBER, any(CONTRIBUTES('post.'), MOD)),
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'post', type: 'relation', collectionId: 'posts', required: true, cascadeDelete: true },
    { name: 'story', type: 'relation', collectionId: 'stories', cascadeDelete: true },
    // Who saved it (empty when the server did).
    { name: 'editor', type: 'relation', collectionId: 'users' },
    { name: 'title', type: 'text', max: 300 },
    { name: 'description', type: 'text', max: 5000 },
    { name: 'labels', type: 'relation', collectionId: 'labels', maxSelect: 50 },
    // Tag names, comma separated as the form shows them: a revision reads the same after a tag is renamed.
    { name: 'tags', type: 'text', max: 5000 },
    { name: 'content', type: 'editor', maxSize: 2 * 1024 * 1024 },
    { name: 'created', type: 'autodate', onCreate: true },
  ],
  indexes: ['CREATE INDEX idx_post_revisions_post_created ON "post_revisions" ("post", "created")'],
};
