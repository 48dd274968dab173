import { postInternalPeople, type PeopleById, type Role } from '@platform/contracts';
import type { ServiceClient } from '@platform/service-kit';

export type KnownPerson = { name: string; role: Role };

/**
 * Who an account id is, asked of the gateway (which keeps accounts): project members and assignees are checked
 * against it, and shown by their current names. Unknown or deleted ids are absent from the answer.
 */
export interface PeopleDirectory {
  byIds(ids: readonly string[]): Promise<Map<string, KnownPerson>>;
}

export function createPeopleDirectory(gateway: ServiceClient): PeopleDirectory {
  return {
    async byIds(ids) {
      if (ids.length === 0) return new Map();
      const answer: PeopleById = await gateway.call(postInternalPeople, { body: { ids: [...new Set(ids)] } });
      return new Map(answer.people.map((p) => [p.id, { name: p.name, role: p.role }]));
    },
  };
}
