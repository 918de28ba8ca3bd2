import { z } from "zod";
import { NOTIFICATION_KINDS } from "../realtime.ts";
import { isoDateTime } from "./common.ts";

// ---------------------------------------------------------------- connections (spec §7: users/connections*)

/** `?friendId=`: the other user's id (a UUID). */
export const friendIdQuerySchema = z.object({
  friendId: z.string({ error: "friendId is required" }).trim().uuid("friendId must be a user id"),
});
export type FriendIdQuery = z.infer<typeof friendIdQuerySchema>;

/** `?userId=` of the block routes. */
export const blockQuerySchema = z.object({
  userId: z.string({ error: "userId is required" }).trim().uuid("userId must be a user id"),
});

/** A user as lists show them. */
export const userCardSchema = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
});
export type UserCard = z.infer<typeof userCardSchema>;

/** How the caller stands with another user (drives the profile's button). */
export const RELATIONSHIPS = ["self", "none", "outgoing", "incoming", "connected", "blocked"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
export const relationshipSchema = z.object({ relationship: z.enum(RELATIONSHIPS) });

export const connectionEntrySchema = userCardSchema.extend({ since: isoDateTime });
export type ConnectionEntry = z.infer<typeof connectionEntrySchema>;

/** Connections a page (keyset: `before` is the previous page's `next`). */
export const CONNECTIONS_PAGE_SIZE = 30;

/** `?before=`: the opaque cursor a connections page answered as `next`. */
export const connectionsQuerySchema = z.object({
  before: z
    .string()
    .max(120, "before must be a cursor from the previous page")
    .regex(/^[\w-]+$/, "before must be a cursor from the previous page")
    .optional(),
});

/**
 * GET /api/users/connections/:username: public connections, newest first, a page at a time (`next`: the cursor
 * of the next page, or null), with their exact `total`; the owner's first page also carries the pending requests
 * both ways and the blocked users (each at most 500).
 */
export const connectionsPageSchema = z.object({
  user: userCardSchema,
  connections: z.array(connectionEntrySchema),
  total: z.number().int(),
  next: z.string().nullable(),
  incoming: z.array(connectionEntrySchema).optional(),
  outgoing: z.array(connectionEntrySchema).optional(),
  blocked: z.array(connectionEntrySchema).optional(),
});
export type ConnectionsPage = z.infer<typeof connectionsPageSchema>;

// ---------------------------------------------------------------- finding people (GET users/search)

/** Shortest search text (after trimming and a leading "@"): one letter would list a good part of NeonLab. */
export const USER_SEARCH_MIN_LENGTH = 2;
export const USER_SEARCH_MAX_LENGTH = 50;
/** People a search page shows (keyset: `before` is the previous page's `next`). */
export const USER_SEARCH_PAGE_SIZE = 20;
/** Searches one caller (IP address) may run a minute. */
export const USER_SEARCH_PER_MINUTE = 60;

const searchText = `q must be ${USER_SEARCH_MIN_LENGTH} to ${USER_SEARCH_MAX_LENGTH} characters of a name or username`;

/** The search text as searched: trimmed, a leading "@" (of a username) left out. */
export const userSearchText = (q: string) => q.trim().replace(/^@\s*/, "");

/**
 * `?q=`: the start of a username or of a display name (any case; a leading "@" is ignored), `?before=`: the
 * cursor of the previous page.
 */
export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: searchText })
    .trim()
    .min(USER_SEARCH_MIN_LENGTH, searchText)
    .max(USER_SEARCH_MAX_LENGTH, searchText)
    .refine((q) => userSearchText(q).length >= USER_SEARCH_MIN_LENGTH, searchText),
  before: z
    .string()
    .max(200, "before must be a cursor from the previous page")
    .regex(/^[\w-]+$/, "before must be a cursor from the previous page")
    .optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

/** A person found: the public card, their XP, and how the caller stands with them (the Connect button). */
export const userSearchResultSchema = userCardSchema.extend({
  xp: z.number().int(),
  relationship: z.enum(RELATIONSHIPS),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/**
 * GET /api/users/search: confirmed accounts whose username, then whose display name, starts with `q` (usernames
 * first, each group in order), minus anyone either side blocked; never an address. `next`: the cursor of the next
 * page, or null.
 */
export const userSearchPageSchema = z.object({
  items: z.array(userSearchResultSchema),
  next: z.string().nullable(),
});
export type UserSearchPage = z.infer<typeof userSearchPageSchema>;

export const connectionActionResultSchema = z.object({
  message: z.string(),
  relationship: z.enum(RELATIONSHIPS),
});
export type ConnectionActionResult = z.infer<typeof connectionActionResultSchema>;

// ---------------------------------------------------------------- notifications

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  read: z.boolean(),
  created_at: isoDateTime,
  /** Who caused it (a connection request's sender), when someone did. */
  actor: userCardSchema.nullable(),
  /** Kind-specific details (a badge's name…), shown as given. */
  data: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  /** Keyset cursor: the id of the last notification of the previous page. */
  before: z.coerce
    .number({ error: "before must be a notification id" })
    .int("before must be a notification id")
    .positive("before must be a notification id")
    .max(2 ** 31 - 1, "before must be a notification id")
    .optional(),
});

export const notificationsPageSchema = z.object({
  items: z.array(notificationSchema),
  /** Exact number of the user's notifications (a maintained counter). */
  total: z.number().int(),
  unread: z.number().int(),
  /** Pass as `before` for the next page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: "id must be a notification id" })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const notificationPreferencesSchema = z.object({
  /** "Pause all": nothing new is created while on. */
  paused: z.boolean(),
  /** Kinds switched off. */
  disabled: z.array(notificationKindSchema).max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
