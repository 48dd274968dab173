// Reading explain output the same way whatever its shape: a classic winningPlan tree, MongoDB 7's slot-based
// queryPlan, or an aggregate's stages with a $cursor inside.
import type { Document } from 'mongodb';

/** Every `stage` name anywhere in an explain document (plans, input stages, $cursor stages). */
export function stagesOf(explain: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v as Document)) {
      if (k === 'stage' && typeof x === 'string') out.push(x);
      else if (k !== 'command' && k !== 'parsedQuery') visit(x);
    }
  };
  visit(explain);
  return out;
}

/** The executionStats of an explain, wherever it sits (an aggregate may nest it in its $cursor stage). */
export function executionStats(explain: Document): Document {
  if (explain.executionStats) return explain.executionStats as Document;
  for (const stage of (explain.stages as Document[] | undefined) ?? []) {
    const cursor = stage.$cursor as Document | undefined;
    if (cursor?.executionStats) return cursor.executionStats as Document;
  }
  throw new Error(`no executionStats in ${JSON.stringify(explain)}`);
}

/** The names of the pipeline stages an aggregate's explain still lists after the query layer. */
export const pipelineStagesOf = (explain: Document): string[] =>
  ((explain.stages as Document[] | undefined) ?? [])
    .map((s) => Object.keys(s)[0] ?? '')
    .filter((name) => name !== '$cursor');
