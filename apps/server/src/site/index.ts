/** The community's behaviour, plugged into the core's hooks (never into HTTP handlers). */
import type { Core } from '../core';
import { registerChapters } from './chapters';
import { registerConversations } from './conversations';
import { registerEngagement } from './engagement';
import { registerFollows } from './follows';
import { registerModeration } from './moderation';
import { registerModerationLog } from './moderation-log';
import { registerPresence } from './presence';
import { registerSearch } from './search';
import { registerWriteLimits } from './write-limits';
import { registerRegistration } from './registration';
import { registerReview } from './review';
import { registerSeriesChapters } from './series-chapters';

export function registerSite(core: Core): void {
  registerRegistration(core);
  registerReview(core);
  registerEngagement(core);
  registerChapters(core);
  registerSeriesChapters(core);
  registerFollows(core);
  registerConversations(core);
  registerModeration(core);
  registerModerationLog(core);
  registerWriteLimits(core);
  registerPresence(core);
  registerSearch(core);
}
