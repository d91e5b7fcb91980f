import { PendingInvitations } from '../../features/coauthors/pending-invitations';
import { NotificationsPage } from '../../features/notifications/notifications-page';

/** /notifications: the member's invitations to co-author (to accept or decline) above their notifications. */
export function NotificationsScreen() {
  return <NotificationsPage renderAbove={(refreshKey) => <PendingInvitations refreshKey={refreshKey} />} />;
}
