import { Type, type Static } from '@sinclair/typebox';
import { StrictObject } from './schema-helpers';

export const HealthReply = StrictObject({ status: Type.Literal('ok'), service: Type.String() });
export type HealthReply = Static<typeof HealthReply>;

export const CheckState = Type.Union([Type.Literal('up'), Type.Literal('down')]);
export type CheckState = Static<typeof CheckState>;

/**
 * /readyz: each dependency the process needs (its database; for the gateway, each service) is up or down.
 * The status code is 200 when every check is up and 503 otherwise.
 */
export const ReadinessReply = StrictObject({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  service: Type.String(),
  checks: Type.Record(Type.String(), CheckState),
});
export type ReadinessReply = Static<typeof ReadinessReply>;
