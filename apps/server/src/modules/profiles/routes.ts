import { Type } from "typebox";
import type { AppContext } from "../../context.ts";
import { apiKeyPrincipalOf } from "../../http/auth.ts";
import { sendJsonText } from "../../http/json-text.ts";
import { PAGINATION_HEADERS, PaginationQuery, setPaginationHeaders } from "../../http/pagination.ts";
import { environmentToRead } from "../../http/read-scope.ts";
import { errorResponses, NoContent } from "../../http/schemas.ts";
import type { Server } from "../../http/server-type.ts";
import { Profile, ProfileCreateRequest, ProfileIdParams, ProfileUpdateRequest } from "./schemas.ts";
import {
  createProfile,
  listProfiles,
  profileJson,
  requestProfileDeletion,
  toProfileView,
  updateProfile,
} from "./service.ts";

const TAG = "Profiles";

/** The uuid a PATCH was sent with, by request (see the route). */
const sentUuids = new WeakMap<object, unknown>();

export function registerProfileRoutes(app: Server, ctx: AppContext): void {
  const config = { api: "platform", auth: ["apiKey"] } as const;

  app.post(
    "/v1/profiles",
    {
      config,
      schema: {
        operationId: "createProfile",
        tags: [TAG],
        summary: "Create a profile",
        description:
          "Creates an end-user profile. SANDBOX environments hold at most 50 profiles. Fields Weft " +
          "assigns (`id`, `createdAt`, `updatedAt`, `names.full`) are ignored when sent, so a profile " +
          "read can be sent back; any other field the schema does not list is a 422.",
        body: ProfileCreateRequest,
        response: { 201: Profile, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const { profile } = await createProfile(
        ctx.db,
        environment,
        request.body,
        ctx.config.sandboxProfileLimit,
      );
      return reply.code(201).send(toProfileView(profile));
    },
  );

  app.get(
    "/v1/profiles",
    {
      config,
      schema: {
        operationId: "listProfiles",
        tags: [TAG],
        summary: "List profiles",
        description: "Newest first, paginated.",
        querystring: PaginationQuery,
        response: {
          200: Type.Array(Profile, { headers: PAGINATION_HEADERS }),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      const { rows, total } = await listProfiles(ctx.readDb, environment.id, request.query);
      setPaginationHeaders(request, reply, ctx.config.publicUrl, request.query, total);
      return rows.map(toProfileView);
    },
  );

  app.get(
    "/v1/profiles/:id",
    {
      config: { api: "platform", auth: ["apiKey", "session"] },
      schema: {
        operationId: "getProfile",
        tags: [TAG],
        summary: "Read a profile",
        params: ProfileIdParams,
        response: { 200: Profile, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      // A session token reads its own profile.
      const environmentId = await environmentToRead(ctx.readDb, request, { profile: request.params.id });
      return sendJsonText(reply, await profileJson(ctx.readDb, environmentId, request.params.id));
    },
  );

  app.patch(
    "/v1/profiles/:id",
    {
      config,
      schema: {
        operationId: "updateProfile",
        tags: [TAG],
        summary: "Update a profile",
        description:
          "Changes only the fields sent; `null` clears a field. `metadata` is merged into the profile's: " +
          "the keys sent replace its own, a key sent as null is removed (at most 50 keys after the merge). " +
          "`uuid` cannot change; fields Weft assigns (`id`, `createdAt`, `updatedAt`, `names.full`) " +
          "are ignored when sent.",
        params: ProfileIdParams,
        body: ProfileUpdateRequest,
        response: { 200: Profile, ...errorResponses(401, 404, 409, 422) },
      },
      // Validation drops `uuid` with the other fields Weft assigns: keep what was sent, to compare.
      preValidation: async (request) => {
        const body = request.body as { uuid?: unknown } | null;
        if (body && typeof body === "object" && "uuid" in body) sentUuids.set(request, body.uuid);
      },
    },
    async (request) => {
      const { environment } = apiKeyPrincipalOf(request);
      const row = await ctx.db.transaction((tx) =>
        updateProfile(tx, environment.id, request.params.id, request.body, sentUuids.get(request)),
      );
      return toProfileView(row);
    },
  );

  app.delete(
    "/v1/profiles/:id",
    {
      config,
      schema: {
        operationId: "deleteProfile",
        tags: [TAG],
        summary: "Delete a profile",
        description:
          "Accepted at once and carried out in the background; until it is done the profile answers " +
          "409 (a repeated delete answers 204 again and does nothing more). A profile.deleted event follows.",
        params: ProfileIdParams,
        response: { 204: NoContent, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { environment } = apiKeyPrincipalOf(request);
      await ctx.db.transaction((tx) => requestProfileDeletion(tx, environment.id, request.params.id));
      ctx.wakeWorkers();
      return reply.code(204).send(null);
    },
  );
}
