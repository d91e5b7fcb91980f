/**
 * The caps of costs.ts, applied when a client replaces its subscriptions (`POST /api/realtime`, in
 * the process that holds the stream). Each subscription that carries the member's own filter or
 * expand is compiled for its viewer here, once: the price comes from that compilation, and the
 * compiled condition is kept for delivery (condition-cache.ts), so the first event does not compile
 * it again. A set over either cap is refused whole with a 400 naming the cap, and the stream keeps
 * the subscriptions it had.
 */
import { ApiError } from '../../tools/api-error';
import type { SseBroker } from '../../tools/sse/broker';
import type { RecordContext } from '../records/context';
import type { AuthInfo } from '../rules/request-info';
import { prepareCheck } from './access';
import { accountOf, checkOf, memberShaped } from './classes';
import type { ConditionCache } from './condition-cache';
import { REALTIME_COST_LIMITS } from './costs';
import type { RealtimeClientState } from './client-actions';
import type { Subscription } from './subscriptions';

type Client = Parameters<SseBroker<Subscription, RealtimeClientState>['subscribe']>[0];

/** The distinct member-shaped checks of one stream, by check key, with their price. */
export type StreamCosts = ReadonlyMap<string, number>;

const VALIDATION_FAILED = 'Something went wrong while processing your request.';

/**
 * Prices the subscriptions a client asks for, as its viewer; throws the 400 when a cap is exceeded.
 * Returns the stream's distinct member-shaped checks, to be kept on the client once it subscribes.
 */
export function priceSubscriptions(
  ctx: RecordContext,
  cache: ConditionCache,
  broker: SseBroker<Subscription, RealtimeClientState>,
  client: Client,
  auth: AuthInfo | null,
  subscriptions: Subscription[],
): StreamCosts {
  const costs = new Map<string, number>();
  if (auth?.isSuperuser) return costs;
  const { perSubscription, perAccount } = REALTIME_COST_LIMITS;
  // What the account's other streams in this process already cost; a check they share is paid once.
  const held = new Map<string, number>();
  for (const other of auth ? broker.ownedBy(accountOf(auth, client.id)) : []) {
    if (other === client) continue;
    for (const [key, cost] of other.data.costs ?? []) held.set(key, cost);
  }
  let total = [...held.values()].reduce((sum, cost) => sum + cost, 0);
  for (const [index, subscription] of subscriptions.entries()) {
    if (!memberShaped(subscription)) continue;
    const collection = ctx.registry.find(subscription.collection);
    if (!collection || collection.type === 'view') continue;
    const { check, key } = checkOf(collection, auth, subscription);
    if (costs.has(key) || held.has(key)) continue;
    const { cost } = prepareCheck(ctx, collection, check, cache);
    if (cost > perSubscription) {
      throw new ApiError(400, VALIDATION_FAILED, {
        subscriptions: {
          [index]: {
            code: 'validation_realtime_cost',
            message: `This subscription's filter and expand cost ${cost} to check on every event; at most ${perSubscription} is allowed.`,
            params: { cost, max: perSubscription },
          },
        },
      });
    }
    total += cost;
    if (total > perAccount) {
      throw new ApiError(400, VALIDATION_FAILED, {
        subscriptions: {
          code: 'validation_realtime_account_cost',
          message: `Your filtered and expanded subscriptions would cost more than ${perAccount} to check on every event, across all your connections.`,
          params: { max: perAccount },
        },
      });
    }
    costs.set(key, cost);
  }
  return costs;
}
