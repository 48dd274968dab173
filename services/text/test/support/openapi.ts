import type { ServiceApp } from '@platform/service-kit';

type Properties = Record<string, { type?: string; pattern?: string }>;

function propertiesBelow(schema: unknown, found: Properties[]): Properties[] {
  if (Array.isArray(schema)) schema.forEach((s) => propertiesBelow(s, found));
  else if (schema && typeof schema === 'object') {
    const { properties } = schema as { properties?: Properties };
    if (properties) found.push(properties);
    Object.values(schema).forEach((s) => propertiesBelow(s, found));
  }
  return found;
}

/**
 * The properties of every object in one operation's answers, as the service's OpenAPI document describes
 * them (however deep: inside properties, items or unions).
 */
export async function answerObjects(app: ServiceApp, method: string, path: string): Promise<Properties[]> {
  const doc = (await app.inject({ url: '/openapi.json' })).json<{
    paths: Record<string, Record<string, { responses: unknown }>>;
  }>();
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`The OpenAPI document has no ${method} ${path}`);
  return propertiesBelow(operation.responses, []);
}
