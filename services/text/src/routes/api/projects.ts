import {
  getProject,
  getProjects,
  postProject,
  putProject,
  WORKSPACE_PAGE_SIZE,
  type Identity,
  type ProjectDetail,
} from '@platform/contracts';
import { HttpError, routeModule, serveRoute, type ServiceApp } from '@platform/service-kit';
import type { TextContext } from '../../context';
import { ownerOf, projectFields } from '../../projects/project-input';
import { managesProject, type ProjectDoc } from '../../projects/store';
import { projectFigures, projectSummary } from '../../projects/project-view';
import type { TextStores } from '../../stores';
import { countByStatusCompleting } from '../../tasks/task-view';
import { pageWindow, personOf } from '../../workspace/common';

async function projectDetail(
  app: ServiceApp,
  stores: TextStores,
  identity: Identity,
  project: ProjectDoc,
): Promise<ProjectDetail> {
  const now = app.now();
  const [figures, counts, names] = await Promise.all([
    projectFigures(app.activity, [project], now),
    countByStatusCompleting(stores.tasks, app.activity, { projectIds: [project._id] }, now),
    // Members as the directory names them now; the stored names when it cannot answer.
    app.people.byIds(project.memberIds).catch((err: unknown) => {
      app.log.warn({ err }, 'the people directory did not answer; showing stored member names');
      return new Map<string, { name: string }>();
    }),
  ]);
  const figure = figures.get(project._id.toHexString())!;
  const nameOf = (p: { id: string; name: string }) => ({ id: p.id, name: names.get(p.id)?.name ?? p.name });
  return {
    ...projectSummary({ ...project, owner: nameOf(project.owner) }, figure),
    description: project.description,
    targets: figure.targets,
    members: project.members.map(nameOf),
    tasks: counts,
    canManage: managesProject(identity, project),
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

/** /projects: list, New Project, View, edit. */
export default routeModule<TextContext>([getProjects, postProject, getProject, putProject], (app, ctx) => {
  const { stores } = ctx;
  serveRoute(app, getProjects, async (request) => {
    const { q, language, status } = request.query;
    const { page, pageSize, skip } = pageWindow(request.query, WORKSPACE_PAGE_SIZE);
    const now = app.now();
    if (status) {
      // Status is computed from progress, so every matching project is computed, then filtered and paged.
      const all = await stores.projects.listAll(request.identity, { q, language });
      const figures = await projectFigures(app.activity, all, now);
      const matching = all.filter((p) => figures.get(p._id.toHexString())!.status === status);
      return {
        items: matching
          .slice(skip, skip + pageSize)
          .map((p) => projectSummary(p, figures.get(p._id.toHexString())!)),
        total: matching.length,
        page,
        pageSize,
      };
    }
    const { total, items: list } = await stores.projects.listPage(
      request.identity,
      { q, language },
      skip,
      pageSize,
    );
    const figures = await projectFigures(app.activity, list, now);
    return {
      items: list.map((p) => projectSummary(p, figures.get(p._id.toHexString())!)),
      total,
      page,
      pageSize,
    };
  });

  serveRoute(app, postProject, async (request, reply) => {
    const owner = await ownerOf(request.identity, app.people);
    const fields = await projectFields(request.body, owner, app.people);
    const now = app.now();
    const doc = await stores.projects.create({
      ...fields,
      ownerId: owner.id,
      owner,
      createdAt: now,
      updatedAt: now,
    });
    await stores.notifications.notify({
      userIds: doc.memberIds.filter((id) => id !== request.identity.id),
      kind: 'project-update',
      project: { id: doc._id.toHexString(), name: doc.name },
      by: owner,
      now,
    });
    reply.code(201);
    return projectDetail(app, stores, request.identity, doc);
  });

  serveRoute(app, getProject, async (request) =>
    projectDetail(
      app,
      stores,
      request.identity,
      await stores.projects.visible(request.identity, request.params.id),
    ),
  );

  serveRoute(app, putProject, async (request) => {
    const project = await stores.projects.visible(request.identity, request.params.id);
    if (!managesProject(request.identity, project)) throw new HttpError(403, 'project.not_manager');
    const fields = await projectFields(request.body, project.owner, app.people, project.members);
    const now = app.now();
    const updated = await stores.projects.update(project._id, { ...fields, updatedAt: now });
    if (!updated) throw new HttpError(404, 'project.not_found');
    if (updated.name !== project.name || updated.languages.join() !== project.languages.join()) {
      await stores.tasks.followProject(updated);
    }
    await stores.notifications.notify({
      userIds: updated.memberIds.filter((id) => id !== request.identity.id),
      kind: 'project-update',
      project: { id: updated._id.toHexString(), name: updated.name },
      by: personOf(request.identity),
      now,
    });
    return projectDetail(app, stores, request.identity, updated);
  });
});
