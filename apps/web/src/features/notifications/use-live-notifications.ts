import { useQueryClient } from '@tanstack/react-query';
import type { RecordSubscription } from 'pocketbase';
import { useEffect } from 'react';
import { announceNotification, announceReconnected } from '../../lib/live-events';
import { pb } from '../../lib/pocketbase';
import { getSession } from '../../lib/session';
import { applyNotificationEvent } from './api/live-notifications';
import type { NotificationRecord } from './api/types';
import { playNotificationSound, wantsSound } from './sound';

/**
 * Keeps the member's notification lists live (spec part 1 §7 "realtime subscribe to all events"): the
 * server sends only the member's own notifications (the collection's list rule), and each event patches
 * the cached lists, so the dropdown and /notifications change without a reload. Mounted once, in the header.
 */
export function useLiveNotifications(userId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onEvent = (event: RecordSubscription<NotificationRecord>) => {
      const newer = applyNotificationEvent(queryClient, userId, event);
      if (event.action === 'create') announceNotification({ href: event.record.href });
      // The setting is read at event time, so changing it takes effect without subscribing again.
      if (newer && wantsSound(getSession().user?.settings)) playNotificationSound();
    };
    pb.collection('notifications')
      .subscribe<NotificationRecord>('*', onEvent)
      .catch((error: unknown) => console.warn('Live notifications are unavailable:', error));
    // The SDK reconnects by itself after a break, but what was sent meanwhile is lost: each connection
    // after the first (or after one already open when this mounted) is announced.
    let connectedBefore = pb.realtime.isConnected;
    const onConnect = () => {
      if (connectedBefore) announceReconnected();
      connectedBefore = true;
    };
    pb.realtime.subscribe('PB_CONNECT', onConnect).catch(() => undefined);
    // By topic rather than with the function subscribe() resolves to: that resolves only once connected,
    // and the header may go away before then. This hook is each topic's only listener.
    return () => {
      void pb
        .collection('notifications')
        .unsubscribe('*')
        .catch(() => undefined);
      void pb.realtime.unsubscribe('PB_CONNECT').catch(() => undefined);
    };
  }, [queryClient, userId]);
}
