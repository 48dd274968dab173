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
  /**
   * Entries store, after the encoded _id, one type byte per field and one for the _id (storage/raw-path.ts), so
   * keys can be read back as exact values. Indexes built before this was added lack them.
   */
  entryTypes?: boolean;
  /** Whether any document's path to a field crossed an array (undefined: not known, so assumed). */
  arrays?: boolean;
  /** Whether the leading field's values are counted (storage/value-counts.ts); undefined: not yet decided. */
  counted?: boolean;
  /** Compiled partial filter (not persisted). */
  partialQuery?: Query;
  /** The fields' paths split for raw-path.ts (not persisted). */
  parts?: Buffer[][];
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
