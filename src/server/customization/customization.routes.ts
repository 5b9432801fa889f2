import type { Plan } from '#shared/constants.ts';
import type { PlanLimits } from '#shared/plans.ts';
import { sessionOrToken } from '#shared/api-tokens.ts';
import { z } from 'zod';
import { dataOf, errorResponses, idParam } from '#shared/api.ts';
import {
  customizationMessages,
  customizationSchema,
  customizationUpdateSchema,
  SAVED_LOOKS_KEPT,
  lookReplacedSchema,
  savedLookSchema,
} from '#shared/customization.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { getCustomization, listLooks, resetCustomization, restoreLook, updateCustomization } from './customization.service.ts';

const tags = ['Customization'];
const answer = dataOf(customizationSchema);
const replacedAnswer = dataOf(lookReplacedSchema);
const lookParams = z.object({ id: idParam(customizationMessages.lookNotFound) });

export function registerCustomizationRoutes(app: App, db: Db, bus: ChangeBus, planLimits: Record<Plan, PlanLimits>): void {
  // GET /api/me/customization: the whole document, defaults filled in.
  app.get(
    '/customization',
    {
      schema: {
        tags,
        summary: 'The profile’s customization document',
        security: sessionOrToken('profile:read'),
        response: { 200: answer, ...errorResponses(401) },
      },
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
        security: sessionOrToken('profile:write'),
        body: customizationUpdateSchema,
        response: { 200: answer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const data = await updateCustomization(db, owner, request.body, planLimits);
      bus.publish(profileChange(owner));
      return { data };
    },
  );

  // DELETE /api/me/customization: Reset All; the look it replaces joins the saved looks.
  app.delete(
    '/customization',
    {
      schema: {
        tags,
        summary: 'Reset the look to the defaults (the saved look in undoLookId brings it back)',
        security: sessionOrToken('profile:write'),
        response: { 200: replacedAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const data = await resetCustomization(db, owner);
      bus.publish(profileChange(owner));
      return { data };
    },
  );

  // GET /api/me/customization/looks: the earlier looks kept, newest first.
  app.get(
    '/customization/looks',
    {
      schema: {
        tags,
        summary: `The earlier looks kept (the newest ${SAVED_LOOKS_KEPT}), newest first`,
        security: sessionOrToken('profile:read'),
        response: { 200: dataOf(z.array(savedLookSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await listLooks(db, requireUser(request).id) }),
  );

  // POST /api/me/customization/looks/:id/restore: show a saved look again.
  app.post(
    '/customization/looks/:id/restore',
    {
      schema: {
        tags,
        summary: 'Restore a saved look (the saved look in undoLookId brings back the one it replaced)',
        security: sessionOrToken('profile:write'),
        params: lookParams,
        response: { 200: replacedAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const data = await restoreLook(db, owner, request.params.id);
      bus.publish(profileChange(owner));
      return { data };
    },
  );
}
