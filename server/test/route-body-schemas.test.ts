import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../../engine/schema/load-fs';
import { useServer } from './harness';

// One validation authority per route (issue 30): where a form document is
// written for a call, the document decides; a body schema the route keeps for
// callers without the document must agree with it on every field both name:
// the same type of text and the same length limits. A route whose schema caps
// a field the document allows longer (PUT /tags/{id} once capped description
// at 200 under a document that published 500) fails here.

const { server } = useServer({});
const forms = [...loadDocuments('schemas').forms.entries()];

interface Property {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
}

const types = (p: Property) => [p.type ?? []].flat();

describe("a route's own body schema agrees with the form document of the same call", () => {
  it('every field both name has the same length limits; a text field is text in the schema', () => {
    const checked: string[] = [];
    const disagreements: string[] = [];
    for (const [name, form] of forms) {
      if (!form.endpoint) continue;
      const method = form.method ?? 'post';
      const body = server.app.ctx.routes.bodySchema(method, form.endpoint) as
        { properties?: Record<string, Property> } | undefined;
      if (!body?.properties) continue;
      checked.push(`${name} (${method.toUpperCase()} ${form.endpoint})`);
      for (const field of form.fields) {
        const property = body.properties[field.key];
        if (!property) continue;
        const limits = field as { minlength?: number; maxlength?: number };
        const where = `${name}.${field.key}`;
        if ((limits.maxlength ?? undefined) !== property.maxLength) {
          disagreements.push(`${where}: maxlength ${limits.maxlength} in the form, ${property.maxLength} in the route`);
        }
        if (limits.minlength !== undefined && limits.minlength !== property.minLength) {
          disagreements.push(`${where}: minlength ${limits.minlength} in the form, ${property.minLength} in the route`);
        }
        if ((limits.maxlength !== undefined || limits.minlength !== undefined) && !types(property).includes('string')) {
          disagreements.push(`${where}: text with limits in the form, ${JSON.stringify(property.type)} in the route`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    // The check has something to check: the edit-tag form and PUT /tags/{id} at least.
    expect(checked.some((c) => c.includes('PUT /tags/{id}'))).toBe(true);
  });
});
