import { pb } from '../../../lib/pocketbase';

/**
 * "views: first by post and user, create" (spec part 1 §4 and §7): a view is registered once per
 * member and post. Returns whether this call registered it, i.e. whether the count went up.
 */
export async function registerView(postId: string, userId: string): Promise<boolean> {
  const seen = await pb.collection('views').getList(1, 1, {
    filter: pb.filter('post = {:post} && user = {:user}', { post: postId, user: userId }),
    skipTotal: true,
  });
  if (seen.items.length > 0) return false;
  await pb.collection('views').create({ post: postId, user: userId });
  return true;
}
