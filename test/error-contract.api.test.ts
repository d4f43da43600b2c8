import { describe, expect, it } from 'vitest';
import { appErrorBodySchema } from '../src/domain/app-error.js';
import { ApiClient, signUpOwner, useTestApp } from './test-app.js';

interface JsonSchema {
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
}

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
const t = useTestApp();

describe('the shared error contract', () => {
  it('is declared as the 4XX and 5XX answer of every API operation in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let count = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        count += 1;
        for (const status of ['4XX', '5XX']) {
          const schema = operation.responses?.[status]?.content?.['application/json']?.schema;
          const isErrorBody =
            schema?.required?.includes('message') &&
            schema.required.includes('code') &&
            schema.properties?.issues !== undefined &&
            schema.properties.messageId !== undefined;
          if (!isErrorBody) missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(count).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('is what a refused, an unauthenticated and a not-found request actually receive', async () => {
    const anonymous = new ApiClient(t.app);
    const { client: owner } = await signUpOwner(t.app);
    const answers = [
      await anonymous.get('/api/contacts'),
      await owner.post('/api/websites', { name: '', domain: 'example.com' }),
      await owner.patch('/api/websites/999999', { name: 'Gone' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 400, 404]);
    for (const answer of answers) expect(appErrorBodySchema.safeParse(answer.json()).success).toBe(true);
    expect(answers[1].json().issues).toEqual([{ path: 'name', message: 'Name is required' }]);
  });
});
