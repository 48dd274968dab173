import { ObjectId, type Collection, type Db, type Document, type Filter } from 'mongodb';
import type { Identity, LanguageCode, Person, TargetKind } from '@platform/contracts';
import { HttpError, isDuplicateKey, type CollectionIndexes } from '@platform/service-kit';
import { containsPattern, objectIdOrNull } from '../workspace/common';
import { prefixThenContains } from '../workspace/search-order';

export const PROJECTS = 'projects';

export interface StoredTarget {
  kind: TargetKind;
  language?: LanguageCode;
  count: number;
}

export interface ProjectDoc {
  _id: ObjectId;
  name: string;
  /** The name NFC-normalised and case-folded: unique, so two projects never share a name. */
  nameKey: string;
  client: string;
  description: string;
  languages: LanguageCode[];
  /** UTC midnights; the project's period is [startDate, dueDate + 1 day). */
  startDate: Date;
  dueDate: Date;
  targets: StoredTarget[];
  ownerId: string;
  owner: Person;
  /** The owner included. */
  memberIds: string[];
  members: Person[];
  createdAt: Date;
  updatedAt: Date;
}

export const projects = (db: Db): Collection<ProjectDoc> => db.collection<ProjectDoc>(PROJECTS);

export const nameKeyOf = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase('en');

export const PROJECT_INDEXES: CollectionIndexes = {
  collection: PROJECTS,
  indexes: [
    // A member's projects (/projects, the dashboard, search), by due date.
    { key: { memberIds: 1, dueDate: 1 }, name: 'member_due' },
    // Every project (admins), by due date.
    { key: { dueDate: 1 }, name: 'due' },
    // The projects a person owns (the tasks they manage).
    { key: { ownerId: 1 }, name: 'owner' },
    // One project per name, case-insensitively.
    { key: { nameKey: 1 }, name: 'name_key_unique', unique: true },
  ],
};

/** The projects a caller may see: those they are a member of; every one for an admin. */
export function visibleProjectsFilter(identity: Identity): Filter<ProjectDoc> {
  return identity.role === 'admin' ? {} : { memberIds: identity.id };
}

/**
 * The projects a caller manages: every one for an admin; otherwise those they own and, for a manager, those
 * they are a member of.
 */
export function managedProjectsFilter(identity: Identity): Filter<ProjectDoc> {
  if (identity.role === 'admin') return {};
  if (identity.role === 'manager') return { memberIds: identity.id };
  return { ownerId: identity.id };
}

export const canSeeProject = (identity: Identity, project: Pick<ProjectDoc, 'memberIds'>) =>
  identity.role === 'admin' || project.memberIds.includes(identity.id);

/** Its owner, a member with the manager role, or an admin. */
export const managesProject = (identity: Identity, project: Pick<ProjectDoc, 'ownerId' | 'memberIds'>) =>
  identity.role === 'admin' ||
  project.ownerId === identity.id ||
  (identity.role === 'manager' && project.memberIds.includes(identity.id));

export type ProjectFilter = Filter<ProjectDoc> & Document;

/** A project the caller may see, or 404 (the same answer whether it does not exist or is not theirs). */
export async function visibleProject(db: Db, identity: Identity, id: string): Promise<ProjectDoc> {
  const _id = objectIdOrNull(id);
  const project = _id ? await projects(db).findOne({ _id }) : null;
  if (!project || !canSeeProject(identity, project)) throw new HttpError(404, 'project.not_found');
  return project;
}

/** What a task's checks read of its project. */
export type ProjectAccess = Pick<ProjectDoc, '_id' | 'ownerId' | 'memberIds' | 'members' | 'name'>;

/** The list's filters: name or client containing `q`, a language. */
export interface ProjectListQuery {
  q?: string;
  language?: LanguageCode;
}

/** A project's name is unique: a second one of the same name is told so (409). */
async function nameTakenAsConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isDuplicateKey(err)) throw new HttpError(409, 'project.name_taken');
    throw err;
  }
}

/** Projects: the list, one project, New Project and editing, the access checks tasks make, the top bar's search. */
export function projectStore(db: Db) {
  const collection = projects(db);
  const listFilter = (identity: Identity, query: ProjectListQuery): Filter<ProjectDoc> => {
    const parts: Filter<ProjectDoc>[] = [visibleProjectsFilter(identity)];
    if (query.q && query.q.trim()) {
      const pattern = containsPattern(query.q);
      parts.push({ $or: [{ name: pattern }, { client: pattern }] });
    }
    if (query.language) parts.push({ languages: query.language });
    return parts.length === 1 ? parts[0]! : { $and: parts };
  };
  const LIST_SORT = { dueDate: 1, _id: 1 } as const;
  return {
    /** See visibleProject. */
    visible: (identity: Identity, id: string) => visibleProject(db, identity, id),

    /** Every project of the list a person may see, by due date, without descriptions. */
    listAll: (identity: Identity, query: ProjectListQuery): Promise<ProjectDoc[]> =>
      collection
        .find(listFilter(identity, query), { projection: { description: 0 } })
        .sort(LIST_SORT)
        .toArray(),

    /** A page of that list, with how many match. */
    async listPage(
      identity: Identity,
      query: ProjectListQuery,
      skip: number,
      limit: number,
    ): Promise<{ total: number; items: ProjectDoc[] }> {
      const filter = listFilter(identity, query);
      const [total, items] = await Promise.all([
        collection.countDocuments(filter),
        collection
          .find(filter, { projection: { description: 0 } })
          .sort(LIST_SORT)
          .skip(skip)
          .limit(limit)
          .toArray(),
      ]);
      return { total, items };
    },

    /** The projects a person may see, with what the dashboard counts. */
    forDashboard: (identity: Identity) =>
      collection
        .find(visibleProjectsFilter(identity), {
          projection: { _id: 1, languages: 1, startDate: 1, dueDate: 1, targets: 1 },
        })
        .toArray(),

    /** Stores a new project; 409 `project.name_taken` when its name is. */
    async create(fields: Omit<ProjectDoc, '_id'>): Promise<ProjectDoc> {
      const doc: ProjectDoc = { _id: new ObjectId(), ...fields };
      await nameTakenAsConflict(collection.insertOne(doc));
      return doc;
    },

    /** A project's fields replaced; null when it is gone, 409 `project.name_taken` when the new name is. */
    update: (id: ObjectId, fields: Partial<ProjectDoc>): Promise<ProjectDoc | null> =>
      nameTakenAsConflict(
        collection.findOneAndUpdate({ _id: id }, { $set: fields }, { returnDocument: 'after' }),
      ),

    /** The ids of the projects a person manages (see managedProjectsFilter). */
    async managedIds(identity: Identity): Promise<ObjectId[]> {
      const managed = await collection
        .find(managedProjectsFilter(identity), { projection: { _id: 1 } })
        .toArray();
      return managed.map((p) => p._id);
    },

    /** What a task's checks need of its project; null when it is gone. */
    access: (id: ObjectId): Promise<ProjectAccess | null> =>
      collection.findOne(
        { _id: id },
        { projection: { _id: 1, ownerId: 1, memberIds: 1, members: 1, name: 1 } },
      ),

    /** Of these projects, the ids of those a person manages. */
    async managedAmong(identity: Identity, ids: readonly ObjectId[]): Promise<Set<string>> {
      const owners = await collection
        .find({ _id: { $in: [...ids] } }, { projection: { _id: 1, ownerId: 1, memberIds: 1 } })
        .toArray();
      return new Set(owners.filter((p) => managesProject(identity, p)).map((p) => p._id.toHexString()));
    },

    /** The top bar: projects a person may see whose name or client matches, those starting with it first. */
    search: (identity: Identity, q: string) =>
      prefixThenContains(collection, visibleProjectsFilter(identity), ['name', 'client'], q, {
        projection: { _id: 1, name: 1, client: 1 },
        sort: { name: 1, _id: 1 },
      }),

    /** A deleted account stays in its projects as its pseudonym and DELETED_ACCOUNT_NAME. */
    async renamePerson(userId: string, pseudonym: string, name: string): Promise<void> {
      await Promise.all([
        collection.updateMany({ ownerId: userId }, { $set: { ownerId: pseudonym } }),
        collection.updateMany(
          { 'owner.id': userId },
          { $set: { 'owner.id': pseudonym, 'owner.name': name } },
        ),
        collection.updateMany(
          { memberIds: userId },
          { $set: { 'memberIds.$[id]': pseudonym, 'members.$[who]': { id: pseudonym, name } } },
          { arrayFilters: [{ id: userId }, { 'who.id': userId }] },
        ),
      ]);
    },
  };
}

export type ProjectStore = ReturnType<typeof projectStore>;
