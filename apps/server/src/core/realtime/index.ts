/** Realtime record events: the service, its bus seam (for multi-process fan-out) and its limits. */
export {
  RealtimeService,
  type RealtimeClient,
  type RealtimeClientState,
  type RealtimeLimits,
  type RealtimeOptions,
} from './service';
export {
  InProcessRealtimeBus,
  type ClientMessage,
  type RealtimeBus,
  type RealtimeHandler,
  type RealtimeMessage,
  type RecordAction,
  type RecordChangeMessage,
} from './bus';
