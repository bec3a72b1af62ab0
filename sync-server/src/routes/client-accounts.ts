import { createRoute, z } from '@hono/zod-openapi';
import { readSetup } from '@plod/model';
import type { Accounts } from '../auth/accounts.ts';
import { PasswordPolicyError } from '../auth/accounts.ts';
import { UsernameTakenError } from '../auth/client-accounts.ts';
import { actorOf } from '../auth/principal.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { IdParams, errors, jsonOk, resourceApp } from '../http/openapi.ts';
import type { RestServices } from '../product/services.ts';
import { addCreateRoute, addReadRoute } from './route-kinds.ts';

export const CLIENT_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  sitesRequired: 'Choose at least one site',
  unknownSite: (id: string) => `Site ${id} not found`,
} as const;

const CreateClientBody = z
  .object({
    username: z
      .string({ error: CLIENT_MESSAGES.usernameRequired })
      .trim()
      .min(1, CLIENT_MESSAGES.usernameRequired)
      .max(100, 'Username must be at most 100 characters'),
    password: z
      .string({ error: CLIENT_MESSAGES.passwordRequired })
      .min(1, CLIENT_MESSAGES.passwordRequired),
    siteIds: z
      .array(z.string().min(1), { error: CLIENT_MESSAGES.sitesRequired })
      .min(1, CLIENT_MESSAGES.sitesRequired)
      .max(500),
  })
  .openapi('CreateClientAccount');

const tags = ['Client accounts'];

/**
 * /api/client-accounts: supervisors create accounts for their customers, limited to chosen sites,
 * list them and remove them (which signs the account out everywhere).
 */
export function createClientAccountRoutes(accounts: Accounts, s: RestServices) {
  const app = resourceApp();
  addReadRoute(app, tags, {
    summary: 'Client accounts and their sites',
    answer: jsonOk('`[{ id, username, siteIds, createdBy, createdAt }]`'),
    run: () => accounts.clients.list(),
  });
  addCreateRoute(app, tags, {
    summary: 'Create a client account limited to the chosen sites',
    body: CreateClientBody,
    answer: jsonOk('The account (never its password)'),
    run: async (c, { username, password, siteIds }) => {
      const known = await s.docs.readSetup(
        (doc) => new Set<string>(readSetup(doc).sites.map((x) => x.id)),
      );
      const unknown = siteIds.find((id) => !known.has(id));
      if (unknown !== undefined) throw new InvalidInputError(CLIENT_MESSAGES.unknownSite(unknown));
      const by = actorOf(c);
      try {
        const created = await accounts.clients.add(
          username,
          password,
          siteIds,
          by.kind === 'device' ? by.deviceName : by.username,
        );
        return created;
      } catch (error) {
        if (error instanceof PasswordPolicyError) throw new InvalidInputError(error.message);
        if (error instanceof UsernameTakenError) throw new ConflictError(error.message);
        throw error;
      }
    },
  });
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Remove a client account: its sessions end and its sockets close',
      request: { params: IdParams },
      responses: { 204: { description: 'Removed' }, 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await accounts.clients.remove(id))) {
        throw NotFoundError.of('Client account', id);
      }
      return c.body(null, 204);
    },
  );
  return app;
}
