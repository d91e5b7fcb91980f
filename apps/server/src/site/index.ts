/** The community's behaviour, plugged into the core's hooks (never into HTTP handlers). */
import type { Core } from '../core';
import { registerBlocks } from './blocks';
import { registerChapters } from './chapters';
import { registerCoauthors } from './coauthors';
import { registerConversations } from './conversations';
import { registerEngagement } from './engagement';
import { registerForums } from './forums';
import { registerFollows } from './follows';
import { registerModeration } from './moderation';
import { registerMutes } from './mutes';
import { registerModerationLog } from './moderation-log';
import { registerModeratorPowers } from './moderator-powers';
import { registerPresence } from './presence';
import { registerSafeMessages } from './safe-messages';
import { registerProfileUsername } from './profile-username';
import { registerSearch } from './search';
import { registerStaffChat } from './staff-chat';
import { registerWriteLimits } from './write-limits';
import { registerRegistration } from './registration';
import { registerReview } from './review';
import { registerScheduled } from './scheduled';
import { registerRevisions } from './revisions';
import { registerSeriesChapters } from './series-chapters';

export function registerSite(core: Core): void {
  registerRegistration(core);
  registerReview(core);
  registerScheduled(core);
  registerEngagement(core);
  registerChapters(core);
  registerCoauthors(core);
  registerSeriesChapters(core);
  registerFollows(core);
  registerConversations(core);
  registerSafeMessages(core);
  registerBlocks(core);
  registerModeration(core);
  registerModerationLog(core);
  registerForums(core);
  registerModeratorPowers(core);
  registerWriteLimits(core);
  registerPresence(core);
  registerSearch(core);
  registerMutes(core);
  registerProfileUsername(core);
  registerStaffChat(core);
  registerRevisions(core);
}
