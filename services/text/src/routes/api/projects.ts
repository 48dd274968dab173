import { ObjectId, type Filter } from 'mongodb';
import {
  getProject,
  getProjects,
  postProject,
  putProject,
  WORKSPACE_PAGE_SIZE,
  type Identity,
  type ProjectDetail,
} from '@platform/contracts';
import {
  databaseOf,
  HttpError,
  isDuplicateKey,
  routeModule,
  serveRoute,
  type ServiceApp,
} from '@platform/service-kit';
import type { TextContext } from '../../context';
import { notify } from '../../notifications/store';
import { ownerOf, projectFields } from '../../projects/project-input';
import {
  managesProject,
  projects,
  visibleProject,
  visibleProjectsFilter,
  type ProjectDoc,
} from '../../projects/store';
import { projectFigures, projectSummary } from '../../projects/project-view';
import { tasks } from '../../tasks/store';
import { countByStatusCompleting } from '../../tasks/task-view';
import { containsPattern, pageWindow, personOf } from '../../workspace/common';

async function projectDetail(
  app: ServiceApp,
  identity: Identity,
  project: ProjectDoc,
): Promise<ProjectDetail> {
  const db = databaseOf(app);
  const now = app.now();
  const [figures, counts, names] = await Promise.all([
    projectFigures(app.activity, [project], now),
    countByStatusCompleting(db, app.activity, { projectId: project._id }, now),
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
export default routeModule<TextContext>([getProjects, postProject, getProject, putProject], (app) => {
  serveRoute(app, getProjects, async (request) => {
    const { q, language, status } = request.query;
    const { page, pageSize, skip } = pageWindow(request.query, WORKSPACE_PAGE_SIZE);
    const parts: Filter<ProjectDoc>[] = [visibleProjectsFilter(request.identity)];
    if (q && q.trim()) {
      const pattern = containsPattern(q);
      parts.push({ $or: [{ name: pattern }, { client: pattern }] });
    }
    if (language) parts.push({ languages: language });
    const filter: Filter<ProjectDoc> = parts.length === 1 ? parts[0]! : { $and: parts };
    const collection = projects(databaseOf(app));
    const sort = { dueDate: 1, _id: 1 } as const;
    const now = app.now();
    if (status) {
      // Status is computed from progress, so every matching project is computed, then filtered and paged.
      const all = await collection
        .find(filter, { projection: { description: 0 } })
        .sort(sort)
        .toArray();
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
    const [total, list] = await Promise.all([
      collection.countDocuments(filter),
      collection
        .find(filter, { projection: { description: 0 } })
        .sort(sort)
        .skip(skip)
        .limit(pageSize)
        .toArray(),
    ]);
    const figures = await projectFigures(app.activity, list, now);
    return {
      items: list.map((p) => projectSummary(p, figures.get(p._id.toHexString())!)),
      total,
      page,
      pageSize,
    };
  });

  serveRoute(app, postProject, async (request, reply) => {
    const db = databaseOf(app);
    const owner = await ownerOf(request.identity, app.people);
    const fields = await projectFields(request.body, owner, app.people);
    const now = app.now();
    const doc: ProjectDoc = {
      _id: new ObjectId(),
      ...fields,
      ownerId: owner.id,
      owner,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await projects(db).insertOne(doc);
    } catch (err) {
      if (isDuplicateKey(err)) throw new HttpError(409, 'project.name_taken');
      throw err;
    }
    await notify(db, {
      userIds: doc.memberIds.filter((id) => id !== request.identity.id),
      kind: 'project-update',
      project: { id: doc._id.toHexString(), name: doc.name },
      by: owner,
      now,
    });
    reply.code(201);
    return projectDetail(app, request.identity, doc);
  });

  serveRoute(app, getProject, async (request) =>
    projectDetail(
      app,
      request.identity,
      await visibleProject(databaseOf(app), request.identity, request.params.id),
    ),
  );

  serveRoute(app, putProject, async (request) => {
    const db = databaseOf(app);
    const project = await visibleProject(databaseOf(app), request.identity, request.params.id);
    if (!managesProject(request.identity, project)) throw new HttpError(403, 'project.not_manager');
    const fields = await projectFields(request.body, project.owner, app.people, project.members);
    const now = app.now();
    let updated: ProjectDoc | null;
    try {
      updated = await projects(db).findOneAndUpdate(
        { _id: project._id },
        { $set: { ...fields, updatedAt: now } },
        { returnDocument: 'after' },
      );
    } catch (err) {
      if (isDuplicateKey(err)) throw new HttpError(409, 'project.name_taken');
      throw err;
    }
    if (!updated) throw new HttpError(404, 'project.not_found');
    if (updated.name !== project.name || updated.languages.join() !== project.languages.join()) {
      // Tasks keep their project's name and languages (lists and targets read them without a join).
      await tasks(db).updateMany(
        { projectId: project._id },
        { $set: { projectName: updated.name, languages: updated.languages } },
      );
    }
    await notify(db, {
      userIds: updated.memberIds.filter((id) => id !== request.identity.id),
      kind: 'project-update',
      project: { id: updated._id.toHexString(), name: updated.name },
      by: personOf(request.identity),
      now,
    });
    return projectDetail(app, request.identity, updated);
  });
});
