// Which real resource a declared path names, by the path's start: a route added later under one of these
// paths (another action on a task, say) is called with the real id without anyone listing it. A path none of
// them names gets values made from its parameters' schema.
import type { Role, RouteDeclaration } from '@platform/contracts';
import type { Owners, Resources } from './per-person-resources';

export interface ResourceParams {
  /** A declared path's start, parameters included (`/api/tasks/:id` names every route below it). */
  at: string;
  /** The resource, as its listings name it. */
  id: (r: Resources, owners: Owners) => string;
  params: (r: Resources, owners: Owners) => Record<string, string>;
  /**
   * A person's own resource: its owner (by role), and the roles of other people who must not reach it by its
   * id (refused with 403 or 404) nor see it listed. Absent: a resource everybody works on (a recording others
   * judge, a sentence others read).
   */
  personal?: { owner: keyof Owners; others: readonly Role[] };
}

export const RESOURCE_PARAMS: readonly ResourceParams[] = [
  {
    at: '/api/uploads/:id',
    id: (r) => r.datasetUpload,
    params: (r) => ({ id: r.datasetUpload }),
    // Reviewers may list everyone's uploads; a contributor or researcher sees their own only.
    personal: { owner: 'contributor', others: ['contributor', 'researcher'] },
  },
  {
    at: '/api/resumable-uploads/:id',
    id: (r) => r.resumableUpload,
    params: (r) => ({ id: r.resumableUpload }),
    personal: { owner: 'contributor', others: ['contributor', 'reviewer', 'researcher', 'manager'] },
  },
  {
    at: '/audio/pairs/:file',
    id: (r) => r.audioPair,
    params: (r) => ({ file: r.audioPairFile }),
    // Reviewers (managers among them) see every donation, to decide it.
    personal: { owner: 'contributor', others: ['contributor', 'researcher'] },
  },
  {
    at: '/api/tokens/:id',
    id: (r) => r.token,
    params: (r) => ({ id: r.token }),
    personal: { owner: 'researcher', others: ['researcher'] },
  },
  {
    at: '/api/downloads/:id',
    id: (r) => r.download,
    params: (r) => ({ id: r.download }),
    personal: { owner: 'researcher', others: ['researcher'] },
  },
  {
    at: '/api/projects/:id',
    id: (r) => r.project,
    params: (r) => ({ id: r.project }),
    // Another manager and a contributor who is not a member.
    personal: { owner: 'manager', others: ['contributor', 'manager'] },
  },
  {
    at: '/api/tasks/:id',
    id: (r) => r.task,
    params: (r) => ({ id: r.task }),
    personal: { owner: 'manager', others: ['contributor', 'manager'] },
  },
  { at: '/audio/:file', id: (r) => r.recording, params: (r) => ({ file: r.recordingFile }) },
  { at: '/api/recordings/:id', id: (r) => r.recording, params: (r) => ({ id: r.recording }) },
  { at: '/api/sentences/:id', id: (r) => r.speakSentence, params: (r) => ({ id: r.speakSentence }) },
  { at: '/api/audio/pairs/:id', id: (r) => r.textPair, params: (r) => ({ id: r.textPair }) },
  { at: '/api/audio/:id', id: (r) => r.audioPair, params: (r) => ({ id: r.audioPair }) },
  {
    at: '/api/review/:kind/:id',
    id: (r) => r.writtenSentence,
    params: (r) => ({ kind: 'sentence', id: r.writtenSentence }),
  },
  {
    at: '/api/avatars/:id',
    id: (_r, o) => o.contributor.identity.id,
    params: (_r, o) => ({ id: o.contributor.identity.id }),
  },
];

const names = (route: RouteDeclaration, at: string) => route.path === at || route.path.startsWith(`${at}/`);

/** The resource a route's path names, if one of RESOURCE_PARAMS does. */
export const resourceOf = (route: RouteDeclaration) => RESOURCE_PARAMS.find((p) => names(route, p.at));
