import { findAndReplace } from 'mdast-util-find-and-replace';

type Tree = Parameters<typeof findAndReplace>[0];

/**
 * `@username` as the server reads a mention (apps/server/src/site/mentions.ts): a name as usernames are
 * allowed (letters, digits, `.`, `_`, `-`, not ending with a full stop), not preceded by a character of a
 * name or an address, so `someone@example.com` stays text.
 */
const MENTION = /(?<![\w.@-])@([A-Za-z0-9_-](?:[A-Za-z0-9._-]*[A-Za-z0-9_-])?)/g;

/**
 * A remark plugin: each mention in the text becomes a link to the member's profile. Code and links are
 * left alone (code is not text in the tree, and a mention inside a link's text would nest links); names
 * under 3 characters, which no username has, stay text.
 */
export function remarkMentions() {
  return (tree: Tree) => {
    findAndReplace(
      tree,
      [
        MENTION,
        (whole: string, name: string) =>
          name.length < 3
            ? false
            : {
                type: 'link',
                url: `/profiles/${encodeURIComponent(name.toLowerCase())}`,
                children: [{ type: 'text', value: whole }],
              },
      ],
      { ignore: ['link', 'linkReference'] },
    );
  };
}
