import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  blockQuerySchema,
  connectionActionResultSchema,
  connectionsPageSchema,
  connectionsQuerySchema,
  friendIdQuerySchema,
  relationshipSchema,
  USER_SEARCH_PER_MINUTE,
  userSearchPageSchema,
  userSearchQuerySchema,
} from "@neonlab/shared/schemas/community";
import { requireUser } from "../../session-guards.ts";
import type { ModuleOptions } from "../../lib/plugin-scope.ts";
import { connectionsPage } from "./lists.ts";
import { searchUsers } from "./search.ts";
import {
  acceptRequest,
  blockUser,
  cancelRequest,
  declineRequest,
  relationship,
  removeConnection,
  requestConnection,
  unblockUser,
} from "./service.ts";

const tags = ["connections"];
const result = { 200: connectionActionResultSchema };

/** Connections between users (spec §7 users/connections*), the lists, blocking, and finding people. */
export async function connectionRoutes(app: FastifyInstance, { ctx: { db, transaction } }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/users/connections",
    {
      schema: {
        tags,
        operationId: "requestConnection",
        summary: "Send a connection request to a user",
        querystring: friendIdQuerySchema,
        response: result,
      },
    },
    async (request) => requestConnection(transaction, requireUser(request).id, request.query.friendId),
  );

  r.delete(
    "/api/users/cancel-connection-request",
    {
      schema: {
        tags,
        operationId: "cancelConnectionRequest",
        summary: "Cancel a connection request you sent",
        querystring: friendIdQuerySchema,
        response: result,
      },
    },
    async (request) => cancelRequest(transaction, requireUser(request).id, request.query.friendId),
  );

  r.patch(
    "/api/users/accept-connection-request",
    {
      schema: {
        tags,
        operationId: "acceptConnectionRequest",
        summary: "Accept a connection request sent to you",
        querystring: friendIdQuerySchema,
        response: result,
      },
    },
    async (request) => acceptRequest(transaction, requireUser(request).id, request.query.friendId),
  );

  r.delete(
    "/api/users/decline-connection-request",
    {
      schema: {
        tags,
        operationId: "declineConnectionRequest",
        summary: "Decline a connection request sent to you",
        querystring: friendIdQuerySchema,
        response: result,
      },
    },
    async (request) => declineRequest(transaction, requireUser(request).id, request.query.friendId),
  );

  r.delete(
    "/api/users/connections",
    {
      schema: {
        tags,
        operationId: "removeConnection",
        summary: "Remove a connection",
        querystring: friendIdQuerySchema,
        response: result,
      },
    },
    async (request) => removeConnection(transaction, requireUser(request).id, request.query.friendId),
  );

  r.get(
    "/api/users/connections/:username",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        operationId: "listConnections",
        summary:
          "A user's connections (public), 30 a page (keyset: before=<next>); the owner also gets requests and blocks",
        params: z.object({ username: z.string().min(1).max(60) }),
        querystring: connectionsQuerySchema,
        response: { 200: connectionsPageSchema },
      },
    },
    async (request) =>
      connectionsPage(db, request.params.username.toLowerCase(), request.user?.id ?? null, request.query.before),
  );

  r.get(
    "/api/users/search",
    {
      config: { rateLimit: { max: USER_SEARCH_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        operationId: "searchUsers",
        summary: `Find people by the start of their username or display name (${USER_SEARCH_PER_MINUTE} searches a minute)`,
        description:
          "Confirmed accounts whose username, then whose display name, starts with q (any case; a leading @ is ignored), 20 a page (keyset: before=<next>), with how you stand with each. Nobody you blocked or who blocked you; never an e-mail address.",
        querystring: userSearchQuerySchema,
        response: { 200: userSearchPageSchema },
      },
    },
    async (request) => searchUsers(db, requireUser(request).id, request.query.q, request.query.before),
  );

  r.get(
    "/api/users/relationship",
    {
      schema: {
        tags,
        operationId: "getRelationship",
        summary: "How you stand with a user: none, outgoing, incoming, connected, blocked or self",
        querystring: friendIdQuerySchema,
        response: { 200: relationshipSchema },
      },
    },
    async (request) => ({ relationship: await relationship(db, requireUser(request).id, request.query.friendId) }),
  );

  r.post(
    "/api/users/blocks",
    {
      schema: {
        tags,
        operationId: "blockUser",
        summary: "Block a user: ends any connection or request, refuses their requests, hides them",
        querystring: blockQuerySchema,
        response: result,
      },
    },
    async (request) => blockUser(transaction, requireUser(request).id, request.query.userId),
  );

  r.delete(
    "/api/users/blocks",
    {
      schema: {
        tags,
        operationId: "unblockUser",
        summary: "Unblock a user",
        querystring: blockQuerySchema,
        response: result,
      },
    },
    async (request) => unblockUser(db, requireUser(request).id, request.query.userId),
  );
}
