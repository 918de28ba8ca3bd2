import type { BlogStatus } from "@neonlab/shared/schemas/blogs";
import type { LedgerEntryKind } from "@neonlab/shared/schemas/ledger";
import type { RankPeriod } from "@neonlab/shared/schemas/progress";
import type { ReportKind, ReportStatus } from "@neonlab/shared/schemas/reports";
import type { QueryKey } from "@tanstack/react-query";
import { PROFILE_QUERY_KEY } from "./session.tsx";

/**
 * Every query key of the app, one builder each. A key starts with its area ("courses", "progress"…), and
 * invalidating a shorter key refreshes every query it begins: `queryKeys.progress.all()` after anything that
 * changes progress, whichever feature shows it. The values are what the cache holds, also in the state a
 * server-rendered page hands to the browser (src/entry-prerender.tsx).
 */
export const queryKeys = {
  /** The signed-in user's own profile; the key lives with its query in lib/session.tsx (the first route's). */
  me: () => PROFILE_QUERY_KEY,

  profiles: {
    all: () => ["profiles"] as const,
    one: (username: string) => ["profiles", username] as const,
  },

  /** Every ledger list starts with `all()`: invalidate it after anything that changes XP, NeonBits or the streak. */
  ledger: {
    all: () => ["ledger"] as const,
    list: (kind: LedgerEntryKind | "all") => ["ledger", kind] as const,
  },

  courses: {
    all: () => ["courses"] as const,
    categories: () => ["courses", "categories"] as const,
    list: (categoryId: number | null) => ["courses", "list", { categoryId }] as const,
    detail: (slug: string) => ["courses", "detail", slug] as const,
    featured: (limit: number) => ["courses", "public", { limit }] as const,
  },

  lessons: {
    detail: (courseSlug: string, lessonSlug: string) => ["lessons", "detail", courseSlug, lessonSlug] as const,
  },

  progress: {
    all: () => ["progress"] as const,
    streak: () => ["progress", "streak"] as const,
    completedChapters: () => ["progress", "completed-chapters"] as const,
    completedLessons: () => ["progress", "completed-lessons"] as const,
    activities: (userId: string | null) => ["progress", "activities", userId] as const,
  },

  rank: {
    all: () => ["rank"] as const,
    board: (period: RankPeriod) => ["rank", period] as const,
  },

  tutor: {
    all: () => ["tutor"] as const,
    info: (lessonId: number) => ["tutor", "info", lessonId] as const,
    thread: (threadId: number) => ["tutor", "thread", threadId] as const,
  },

  hacks: {
    all: () => ["hacks"] as const,
    minePages: () => ["hacks", "mine"] as const,
    mine: (page: number) => ["hacks", "mine", page] as const,
    explorePages: () => ["hacks", "explore"] as const,
    explore: (page: number) => ["hacks", "explore", page] as const,
    one: (username: string, slug: string) => ["hacks", "one", username, slug] as const,
    sandbox: () => ["hacks", "sandbox"] as const,
  },

  blogs: {
    all: () => ["blogs"] as const,
    categories: () => ["blogs", "categories"] as const,
    lists: () => ["blogs", "list"] as const,
    list: (filters: object) => ["blogs", "list", filters] as const,
    bySlug: (slug: string) => ["blogs", "slug", slug] as const,
    mine: (status: BlogStatus | null, page: number) => ["blogs", "mine", { status, page }] as const,
    /** The review queue's pages (moderators); the menus' count reads its first. */
    pendingPages: () => ["blogs", "pending"] as const,
    pending: (page: number) => ["blogs", "pending", page] as const,
    /** The editor's copy of a blog; left alone when the lists are refreshed. */
    edit: (id: number) => ["blogs", "edit", id] as const,
  },

  projects: {
    all: () => ["projects"] as const,
    lists: () => ["projects", "list"] as const,
    list: (category: string | null) => ["projects", "list", { category }] as const,
    detail: (slug: string) => ["projects", "detail", slug] as const,
  },

  giveaway: {
    all: () => ["giveaway"] as const,
    state: () => ["giveaway", "state"] as const,
    rounds: () => ["giveaway", "rounds"] as const,
    adminRounds: () => ["giveaway", "admin-rounds"] as const,
    tickets: (roundId: number) => ["giveaway", "tickets", roundId] as const,
  },

  connections: {
    all: () => ["connections"] as const,
    page: (username: string) => ["connections", "page", username] as const,
    relationship: (userId: string) => ["connections", "relationship", userId] as const,
    /** Finding people (GET /api/users/search): under connections, so a connection action refreshes it. */
    search: (q: string) => ["connections", "search", q] as const,
  },

  /** The daily review of missed quizzes: the due cards (and their count in the account menu). */
  review: {
    all: () => ["review"] as const,
    due: () => ["review", "due"] as const,
  },

  notifications: {
    all: () => ["notifications"] as const,
    unread: () => ["notifications", "unread"] as const,
    list: () => ["notifications", "list"] as const,
    preferences: () => ["notifications", "preferences"] as const,
  },

  shop: {
    state: () => ["shop", "state"] as const,
    /** The NeonBits packs read leniently into the shop's own shape, so not `payments.currencyProduct()`. */
    packs: () => ["stripe", "currency-product"] as const,
  },

  payments: {
    all: () => ["payments"] as const,
    subscriptionProduct: () => ["payments", "subscription-product"] as const,
    currencyProduct: () => ["payments", "currency-product"] as const,
    subscription: () => ["payments", "subscription"] as const,
    billingHistory: () => ["payments", "billing-history"] as const,
    /** The billing history asked for until it lists the checkout session `sessionId`. */
    billingHistoryWith: (sessionId: string | null) => ["payments", "billing-history", sessionId] as const,
    /** A query asked again until the payment provider's event has reached the server. */
    untilConfirmed: (key: QueryKey) => [...key, "until-confirmed"] as const,
  },

  reports: {
    mine: () => ["reports", "mine"] as const,
    queues: (kind: ReportKind) => ["reports", "queue", kind] as const,
    queue: (kind: ReportKind, status: ReportStatus | null) => ["reports", "queue", kind, status] as const,
  },

  referrals: () => ["referrals"] as const,

  /** Classrooms: invalidate `all()` after joining, leaving or any teacher's change. */
  classrooms: {
    all: () => ["classrooms"] as const,
    list: () => ["classrooms", "list"] as const,
    assignments: () => ["classrooms", "assignments"] as const,
    detail: (id: number) => ["classrooms", "detail", id] as const,
    progress: (id: number) => ["classrooms", "progress", id] as const,
  },

  dataExport: () => ["data-export"] as const,

  /** GET /api/config: the server's configuration as the browser needs it (the OAuth providers). */
  publicConfig: () => ["config"] as const,

  /** Better Auth's list of the ways the user signs in (a password or a provider). */
  linkedAccounts: () => ["linked-accounts"] as const,
};
