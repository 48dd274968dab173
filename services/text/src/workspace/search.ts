import type { Collection, Document, Filter, ObjectId, Sort } from 'mongodb';
import { SEARCH_RESULTS_MAX, type Identity, type WorkspaceSearchResults } from '@platform/contracts';
import { databaseOf, type ServiceApp } from '@platform/service-kit';
import { managedProjectsFilter, projects, visibleProjectsFilter } from '../projects/store';
import { tasks, type TaskDoc } from '../tasks/store';
import { containsPattern, prefixPattern } from './common';

/**
 * Up to SEARCH_RESULTS_MAX documents of `scope` with one of `fields` matching the query, case-insensitively:
 * those starting with it first, then those containing it.
 */
async function prefixThenContains<T extends Document & { _id: ObjectId }>(
  collection: Collection<T>,
  scope: Filter<T>,
  fields: readonly string[],
  q: string,
  options: { projection: Document; sort: Sort },
): Promise<T[]> {
  const matching = (pattern: RegExp, exclude: ObjectId[]): Filter<T> =>
    ({
      $and: [scope, { $or: fields.map((f) => ({ [f]: pattern })) }, { _id: { $nin: exclude } }],
    }) as Filter<T>;
  const run = (filter: Filter<T>, limit: number) =>
    collection
      .find(filter, { projection: options.projection })
      .sort(options.sort)
      .limit(limit)
      .toArray() as Promise<T[]>;
  const first = await run(matching(prefixPattern(q), []), SEARCH_RESULTS_MAX);
  if (first.length >= SEARCH_RESULTS_MAX) return first;
  const more = await run(
    matching(
      containsPattern(q),
      first.map((d) => d._id),
    ),
    SEARCH_RESULTS_MAX - first.length,
  );
  return [...first, ...more];
}

/** The top bar: the caller's projects (name, client) and the tasks they may open (description). */
export async function workspaceSearch(
  app: ServiceApp,
  identity: Identity,
  q: string,
): Promise<WorkspaceSearchResults> {
  const db = databaseOf(app);
  // Tasks the caller may open: their own, and those of the projects they manage (every one for an admin).
  let taskScope: Filter<TaskDoc> = { assigneeId: identity.id };
  if (identity.role === 'admin') taskScope = {};
  else {
    const managed = await projects(db)
      .find(managedProjectsFilter(identity), { projection: { _id: 1 } })
      .toArray();
    if (managed.length > 0) {
      taskScope = { $or: [{ assigneeId: identity.id }, { projectId: { $in: managed.map((p) => p._id) } }] };
    }
  }
  const [foundProjects, foundTasks] = await Promise.all([
    prefixThenContains(projects(db), visibleProjectsFilter(identity), ['name', 'client'], q, {
      projection: { _id: 1, name: 1, client: 1 },
      sort: { name: 1, _id: 1 },
    }),
    prefixThenContains(tasks(db), taskScope, ['description'], q, {
      projection: { _id: 1, description: 1, projectName: 1 },
      sort: { dueDate: 1, _id: 1 },
    }),
  ]);
  return {
    projects: foundProjects.map((p) => ({ id: p._id.toHexString(), name: p.name, client: p.client })),
    tasks: foundTasks.map((t) => ({
      id: t._id.toHexString(),
      description: t.description,
      project: t.projectName,
    })),
  };
}
