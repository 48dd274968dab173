import {
  ApiTokenCreateBody,
  ApiTokenCreated,
  ApiTokenIdParams,
  ApiTokenList,
  ApiTokenRevoked,
} from '../datasets';
import { defineRoute } from '../route';

const tag = 'api-tokens';

/** The person's personal API tokens (never their secrets). */
export const getApiTokens = defineRoute({
  name: 'getApiTokens',
  method: 'GET',
  path: '/api/tokens',
  owner: 'gateway',
  access: ['researcher', 'admin'],
  summary: 'My API tokens',
  tag,
  reply: { 200: ApiTokenList },
});

/** A new read-only token; its secret is in this answer only, and stored hashed. */
export const postApiToken = defineRoute({
  name: 'postApiToken',
  method: 'POST',
  path: '/api/tokens',
  owner: 'gateway',
  access: ['researcher', 'admin'],
  summary: 'Create an API token',
  tag,
  body: ApiTokenCreateBody,
  reply: { 201: ApiTokenCreated },
  errors: [409],
});

/** Revoke one of the person's tokens; it stops working at once. */
export const deleteApiToken = defineRoute({
  name: 'deleteApiToken',
  method: 'DELETE',
  path: '/api/tokens/:id',
  owner: 'gateway',
  access: ['researcher', 'admin'],
  summary: 'Revoke an API token',
  tag,
  params: ApiTokenIdParams,
  reply: { 200: ApiTokenRevoked },
  errors: [404],
});
