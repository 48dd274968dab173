import type { Collection, Db, Document, Filter, ObjectId } from 'mongodb';
import type { Identity, LanguageCode, Person, TargetKind } from '@platform/contracts';
import { HttpError, type CollectionIndexes } from '@platform/service-kit';
import { objectIdOrNull } from '../workspace/common';

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
