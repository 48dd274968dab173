import { UserPreferences } from '../languages';
import { defineRoute } from '../route';
import { TextContributionStats, UserIdParams, UserStats } from '../user-stats';

const tag = 'user';

export const getUserStats = defineRoute({
  name: 'getUserStats',
  method: 'GET',
  path: '/api/user/stats',
  owner: 'speech',
  access: 'signedIn',
  summary: 'The signed-in person’s contribution counts',
  tag,
  reply: { 200: UserStats },
});

export const getUserPreferences = defineRoute({
  name: 'getUserPreferences',
  method: 'GET',
  path: '/api/user/preferences',
  owner: 'speech',
  access: 'signedIn',
  summary: 'What the person chose on Speak',
  tag,
  reply: { 200: UserPreferences },
});

export const putUserPreferences = defineRoute({
  name: 'putUserPreferences',
  method: 'PUT',
  path: '/api/user/preferences',
  owner: 'speech',
  access: 'signedIn',
  summary: 'Remember the person’s choices',
  tag,
  body: UserPreferences,
  reply: { 200: UserPreferences },
});

/** Internal, speech -> text: a person's text figures, for GET /api/user/stats. */
export const getInternalUserTextStats = defineRoute({
  name: 'getInternalUserTextStats',
  method: 'GET',
  path: '/internal/users/:id/text-stats',
  owner: 'text',
  access: 'service',
  summary: 'What a person wrote, added and reviewed',
  tag: 'internal',
  params: UserIdParams,
  reply: { 200: TextContributionStats },
});
