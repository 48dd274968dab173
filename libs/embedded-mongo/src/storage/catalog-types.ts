import type { Document } from 'bson';
import type { Query } from 'mingo/query';

export interface IndexField {
  path: string;
  dir: 1 | -1;
}

export interface IndexSpec {
  id: number;
  name: string;
  /** The key document as the client declared it, e.g. { email: 1 }. */
  key: Document;
  fields: IndexField[];
  unique: boolean;
  sparse: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
  /** The index's collation as declared (strings in it still compare in binary order). */
  collation?: Document;
  /** Set once any document produced several keys; the planner then avoids intersecting bounds. */
  multikey: boolean;
  /** Set once a value was too long to be stored whole in a key: the index order is then only approximate. */
  longKeys?: boolean;
  /** Compiled partial filter (not persisted). */
  partialQuery?: Query;
}

export interface CollectionMeta {
  id: number;
  db: string;
  name: string;
  options: Document;
  indexes: IndexSpec[];
  count: number;
  size: number;
}

export const nsOf = (meta: { db: string; name: string }): string => `${meta.db}.${meta.name}`;
