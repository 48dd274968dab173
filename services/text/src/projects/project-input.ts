import type { Identity, Person, ProjectInput } from '@platform/contracts';
import { HttpError } from '@platform/service-kit';
import type { PeopleDirectory } from '../people/people-directory';
import { dayToDate } from '../workspace/common';
import { nameKeyOf, type ProjectDoc } from './store';

/** What New Project and editing store, checked: dates in order, targets in the project's languages, once each. */
export type ProjectFields = Pick<
  ProjectDoc,
  | 'name'
  | 'nameKey'
  | 'client'
  | 'description'
  | 'languages'
  | 'startDate'
  | 'dueDate'
  | 'targets'
  | 'memberIds'
  | 'members'
>;

/**
 * Checks a project's fields and resolves its members against the accounts directory. `owner` is always a
 * member; `keptIds` (the members a project already has) are kept even when their account has gone since.
 */
export async function projectFields(
  input: ProjectInput,
  owner: Person,
  people: PeopleDirectory,
  keptMembers: readonly Person[] = [],
): Promise<ProjectFields> {
  const startDate = dayToDate(input.startDate);
  const dueDate = dayToDate(input.dueDate);
  if (dueDate.getTime() < startDate.getTime()) throw new HttpError(422, 'project.due_before_start');
  const seen = new Set<string>();
  for (const target of input.targets) {
    if (target.language && !input.languages.includes(target.language)) {
      throw new HttpError(422, 'project.target_language');
    }
    const key = `${target.kind}|${target.language ?? '*'}`;
    if (seen.has(key)) throw new HttpError(422, 'project.target_repeated');
    seen.add(key);
  }
  const memberIds = [owner.id, ...input.memberIds.filter((id) => id !== owner.id)];
  const known = await people.byIds(memberIds);
  const kept = new Map(keptMembers.map((m) => [m.id, m.name]));
  const members: Person[] = memberIds.map((id) => {
    const name = known.get(id)?.name ?? (id === owner.id ? owner.name : kept.get(id));
    if (name === undefined) throw new HttpError(422, 'project.member_unknown');
    return { id, name };
  });
  const name = input.name.trim();
  return {
    name,
    nameKey: nameKeyOf(name),
    client: input.client.trim(),
    description: input.description?.trim() ?? '',
    languages: input.languages,
    startDate,
    dueDate,
    targets: input.targets.map((t) => ({
      kind: t.kind,
      ...(t.language ? { language: t.language } : {}),
      count: t.count,
    })),
    memberIds,
    members,
  };
}

/** The owner as recorded: their directory name when it answers, else the session's. */
export async function ownerOf(identity: Identity, people: PeopleDirectory): Promise<Person> {
  const known = await people.byIds([identity.id]);
  return { id: identity.id, name: known.get(identity.id)?.name ?? identity.name ?? identity.id };
}
