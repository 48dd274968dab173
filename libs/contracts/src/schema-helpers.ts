import { Type, type TProperties, type ObjectOptions } from '@sinclair/typebox';

/**
 * Every request schema rejects fields it does not name: a typo in a client must be a 400, not a silently
 * ignored value. Response schemas use it too so the OpenAPI document tells clients exactly what arrives.
 */
export const StrictObject = <T extends TProperties>(properties: T, options: ObjectOptions = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** Identifiers are opaque to clients; this only keeps them to a safe alphabet and length. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const NonEmptyText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
