import type { Identity, WorkspaceSearchResults } from '@platform/contracts';
import type { TextStores } from '../stores';
import type { TaskScope } from '../tasks/store';

/** The top bar: the caller's projects (name, client) and the tasks they may open (description). */
export async function workspaceSearch(
  stores: TextStores,
  identity: Identity,
  q: string,
): Promise<WorkspaceSearchResults> {
  // Tasks the caller may open: their own, and those of the projects they manage (every one for an admin).
  const taskScope: TaskScope =
    identity.role === 'admin'
      ? 'all'
      : { assigneeId: identity.id, projectIds: await stores.projects.managedIds(identity) };
  const [foundProjects, foundTasks] = await Promise.all([
    stores.projects.search(identity, q),
    stores.tasks.search(taskScope, q),
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
