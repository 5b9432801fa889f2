import { dataOf, errorResponses } from '#shared/api.ts';
import { customizationSchema, customizationUpdateSchema } from '#shared/customization.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { requireUser } from '../auth/sessions.ts';
import { getCustomization, resetCustomization, updateCustomization } from './customization.service.ts';

const tags = ['Customization'];
const answer = dataOf(customizationSchema);

export function registerCustomizationRoutes(app: App, db: Db, bus: ChangeBus): void {
  // GET /api/me/customization: the whole document, defaults filled in.
  app.get(
    '/customization',
    {
      schema: { tags, summary: 'The profile’s customization document', response: { 200: answer, ...errorResponses(401) } },
    },
    async (request) => ({ data: await getCustomization(db, requireUser(request).id) }),
  );

  // PUT /api/me/customization: any fields of the document; the others keep their saved values.
  app.put(
    '/customization',
    {
      schema: {
        tags,
        summary: 'Save fields of the customization document (unknown fields are refused by name)',
        body: customizationUpdateSchema,
        response: { 200: answer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const data = await updateCustomization(db, owner, request.body);
      bus.publish(profileChange(owner));
      return { data };
    },
  );

  // DELETE /api/me/customization: Reset All.
  app.delete(
    '/customization',
    {
      schema: { tags, summary: 'Reset the look to the defaults', response: { 200: answer, ...errorResponses(401, 403) } },
    },
    async (request) => {
      const owner = requireUser(request);
      const data = await resetCustomization(db, owner);
      bus.publish(profileChange(owner));
      return { data };
    },
  );
}
