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
