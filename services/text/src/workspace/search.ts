import type { Filter } from 'mongodb';
import { SEARCH_RESULTS_MAX, type Identity, type WorkspaceSearchResults } from '@platform/contracts';
import { databaseOf, type ServiceApp } from '@platform/service-kit';
import {
  managedProjectsFilter,
  projects,
  visibleProjectsFilter,
  type ProjectDoc,
} from '../projects/project-store';
import { tasks, type TaskDoc } from '../tasks/task-store';
import { containsPattern, prefixPattern } from './common';

/**
 * Up to `max` documents matching `match` for a pattern: those starting with the query first, then those
 * containing it, each in the collection's order.
 */
async function prefixThenContains<T extends { _id: unknown }>(
  find: (match: Filter<T>, exclude: unknown[], limit: number) => Promise<T[]>,
  match: (pattern: RegExp) => Filter<T>,
  q: string,
  max: number,
): Promise<T[]> {
  const first = await find(match(prefixPattern(q)) as Filter<T>, [], max);
  if (first.length >= max) return first;
  const more = await find(
    match(containsPattern(q)) as Filter<T>,
    first.map((d) => d._id),
    max - first.length,
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
  const visible = visibleProjectsFilter(identity);
  const foundProjects = await prefixThenContains<ProjectDoc>(
    (match, exclude, limit) =>
      projects(db)
        .find(
          {
            $and: [
              visible,
              match as unknown as Filter<ProjectDoc>,
              { _id: { $nin: exclude as ProjectDoc['_id'][] } },
            ],
          },
          { projection: { _id: 1, name: 1, client: 1 } },
        )
        .sort({ name: 1, _id: 1 })
        .limit(limit)
        .toArray(),
    (pattern) => ({ $or: [{ name: pattern }, { client: pattern }] }),
    q,
    SEARCH_RESULTS_MAX,
  );
  // Tasks the caller may open: their own, and those of the projects they manage.
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
  const foundTasks = await prefixThenContains<TaskDoc>(
    (match, exclude, limit) =>
      tasks(db)
        .find(
          {
            $and: [
              taskScope,
              match as unknown as Filter<TaskDoc>,
              { _id: { $nin: exclude as TaskDoc['_id'][] } },
            ],
          },
          { projection: { _id: 1, description: 1, projectName: 1 } },
        )
        .sort({ dueDate: 1, _id: 1 })
        .limit(limit)
        .toArray(),
    (pattern) => ({ description: pattern }),
    q,
    SEARCH_RESULTS_MAX,
  );
  return {
    projects: foundProjects.map((p) => ({ id: p._id.toHexString(), name: p.name, client: p.client })),
    tasks: foundTasks.map((t) => ({
      id: t._id.toHexString(),
      description: t.description,
      project: t.projectName,
    })),
  };
}
