import type { FastifyInstance } from 'fastify';

export interface DocumentedRoute {
  method: string;
  /** As documented, e.g. /api/store/{storeId}/checkout/{orderId}/pay. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** JSON schema of an application/json body, when the route takes one. */
  bodySchema: Record<string, unknown> | undefined;
}

/** Every route of the OpenAPI document the app publishes at /api/docs/json. */
export async function documentedRoutes(app: FastifyInstance): Promise<DocumentedRoute[]> {
  const document = (await app.inject('/api/docs/json')).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
        }
      >
    >;
  }>();
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodySchema: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** Fills `{name}` placeholders: the given values first, then a well-formed uuid. */
export function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(values[name] ?? '00000000-0000-4000-8000-000000000000'),
  );
}
