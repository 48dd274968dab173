// The `let` option of find, aggregate, update, delete and findAndModify: user variables, evaluated once as
// expressions and then visible as `$$name` in $expr filters and pipelines.
import type { Document } from 'bson';
import { evalExpr } from 'mingo/core';
import { fail } from '../errors';
import { baseOptions, translateMingoError, type MingoOptions } from '../storage/mingo-context';
import { isPlainObject } from './paths';

/** MongoDB's rules for a user variable name: a lowercase ASCII or non-ASCII first character, then word characters. */
function validateName(name: string): void {
  if (!name) fail(16866, 'empty variable names are not allowed');
  const first = name.charCodeAt(0);
  if (!((first >= 97 && first <= 122) || first > 127))
    fail(16867, `'${name}' starts with an invalid character for a user variable name`);
  for (const ch of name) {
    const c = ch.charCodeAt(0);
    const ok = c > 127 || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || ch === '_';
    if (!ok) fail(16868, `'${name}' contains an invalid character for a variable name: '${ch}'`);
  }
}

/** Options for mingo with the command's `let` variables added (the base options when there are none). */
export function withLet(letSpec: unknown, base: MingoOptions = baseOptions): MingoOptions {
  if (letSpec === undefined || letSpec === null) return base;
  if (!isPlainObject(letSpec))
    fail(
      14,
      `BSON field 'let' is the wrong type '${Array.isArray(letSpec) ? 'array' : typeof letSpec}', expected type 'object'`,
    );
  const variables: Document = { ...(base.variables ?? {}) };
  for (const [name, expr] of Object.entries(letSpec as Document)) {
    validateName(name);
    try {
      variables[name] = evalExpr({}, expr, { ...base, variables } as never);
    } catch (err) {
      throw translateMingoError(err);
    }
  }
  return { ...base, variables };
}

/** Names bound inside the tree itself: $let vars, $map/$filter `as`, $lookup/$merge `let`, $reduce's own two. */
function boundNames(tree: unknown, into = new Set<string>(['this', 'value'])): Set<string> {
  if (Array.isArray(tree)) tree.forEach((t) => boundNames(t, into));
  else if (isPlainObject(tree)) {
    for (const [k, v] of Object.entries(tree)) {
      if (k === '$literal') continue;
      if (k === 'as' && typeof v === 'string') into.add(v);
      if ((k === 'vars' || k === 'let') && isPlainObject(v)) Object.keys(v).forEach((n) => into.add(n));
      boundNames(v, into);
    }
  }
  return into;
}

function checkExpression(expr: unknown, known: Set<string>): void {
  if (typeof expr === 'string') {
    if (!expr.startsWith('$$')) return;
    const name = expr.slice(2).split('.')[0]!;
    // system variables are upper case (ROOT, CURRENT, NOW, REMOVE …); user variables start lower case
    if (name && /^[a-z]/.test(name) && !known.has(name)) fail(17276, `Use of undefined variable: ${name}`);
  } else if (Array.isArray(expr)) expr.forEach((e) => checkExpression(e, known));
  else if (isPlainObject(expr)) {
    for (const [k, v] of Object.entries(expr)) if (k !== '$literal') checkExpression(v, known);
  }
}

function checkFilter(filter: unknown, known: Set<string>): void {
  if (!isPlainObject(filter)) return;
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$expr') checkExpression(v, known);
    else if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v))
      v.forEach((f) => checkFilter(f, known));
    else if (isPlainObject(v) && isPlainObject(v.$elemMatch)) checkFilter(v.$elemMatch, known);
  }
}

function checkPipeline(pipeline: unknown, known: Set<string>): void {
  if (!Array.isArray(pipeline)) return;
  for (const stage of pipeline) {
    if (!isPlainObject(stage)) continue;
    const [name] = Object.keys(stage);
    const spec = stage[name!];
    if (name === '$match') checkFilter(spec, known);
    else if (name === '$lookup' || name === '$unionWith' || name === '$graphLookup') {
      if (isPlainObject(spec)) checkPipeline(spec.pipeline, known);
    } else if (name === '$facet' && isPlainObject(spec))
      Object.values(spec).forEach((p) => checkPipeline(p, known));
    else if (name !== '$merge' && name !== '$out') checkExpression(spec, known);
  }
}

/**
 * MongoDB reports an undefined variable when it parses the command, even if no document is read; the same
 * check here: `$$name` in $expr and pipelines must be a `let` variable, a system variable or bound locally.
 */
export function checkVariables(
  options: MingoOptions,
  parts: { filters?: unknown[]; pipelines?: unknown[] },
): void {
  const known = new Set(Object.keys(options.variables ?? {}));
  for (const tree of [...(parts.filters ?? []), ...(parts.pipelines ?? [])])
    boundNames(tree).forEach((n) => known.add(n));
  parts.filters?.forEach((f) => checkFilter(f, known));
  parts.pipelines?.forEach((p) => checkPipeline(p, known));
}
