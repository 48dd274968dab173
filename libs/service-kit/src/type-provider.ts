import type { FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';

/**
 * Route types straight from the TypeBox schemas. Written here because @fastify/type-provider-typebox 6
 * targets the `typebox` 1.x package, while the workspace pins `@sinclair/typebox` 0.34; Fastify's own ajv
 * does the validation either way, since TypeBox schemas are plain JSON Schema.
 */
export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}
