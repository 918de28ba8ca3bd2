/** Product-wide constants from the product spec (§3, §9) and product rules. */

export const PRODUCT_NAME = "NeonLab";
export const CURRENCY_NAME = "NeonBits";

export const EDITOR_THEMES = [
  "amethyst",
  "aquaBlue",
  "atomDark",
  "cobalt2",
  "cyberpunk",
  "dracula",
  "ecoLight",
  "freeCodeCampDark",
  "githubLight",
  "gruvboxDark",
  "gruvboxLight",
  "levelUp",
  "monokaiPro",
  "neoCyan",
  "nightOwl",
  "sandpackDark",
] as const;
export type EditorTheme = (typeof EDITOR_THEMES)[number];

export const EDITOR_FONTS = [
  "Arial",
  "Courier New",
  "Fira Code",
  "Segoe UI",
  "Roboto",
  "sans-serif",
  "Menlo",
  "Lucida Console",
  "monospace",
] as const;
export type EditorFont = (typeof EDITOR_FONTS)[number];

export const EDITOR_DEFAULTS = {
  theme: "cyberpunk",
  fontFamily: "Roboto",
  fontSize: 14,
  lineHeight: 20,
} as const satisfies { theme: EditorTheme; fontFamily: EditorFont; fontSize: number; lineHeight: number };

export const LINE_HEIGHT_MIN = 0;
export const LINE_HEIGHT_MAX = 100;
export const FONT_SIZE_MIN = 8;
export const FONT_SIZE_MAX = 40;

export const CONFIRMATION_CODE_LENGTH = 6;
export const CODE_EXPIRY_SECONDS = 600;
export const CODE_MAX_WRONG_TRIES = 5;
export const CODE_RESEND_INTERVAL_SECONDS = 60;

export const NOTIFICATIONS_PER_PAGE = 15;
export const RECENT_ACTIVITIES = 3;
export const TOAST_DURATION_MS = 3000;
export const BACKEND_REQUEST_ATTEMPTS = 3;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;

export const AVATAR_GROUPS = ["male", "female", "robot"] as const;
export type AvatarGroup = (typeof AVATAR_GROUPS)[number];
export const AVATARS_PER_GROUP = 4;
/** Every avatar image path shipped with the web app: /avatars/{group}-{1..4}.svg */
export const AVATARS: readonly string[] = AVATAR_GROUPS.flatMap((group) =>
  Array.from({ length: AVATARS_PER_GROUP }, (_, i) => `/avatars/${group}-${i + 1}.svg`),
);

export const BREAKPOINTS = {
  mobile: 320,
  mobileMedium: 375,
  mobileWide: 425,
  tablet: 768,
  desktop: 1024,
  desktopMedium: 1280,
  desktopWide: 1600,
} as const;
export type Viewport = keyof typeof BREAKPOINTS;
export const VIEWPORT_FALLBACK: Viewport = "desktop";
export const VIEWPORT_COOKIE_DAYS = 365;

export const SESSION_COOKIE = {
  name: "neonlab-auth-token",
  path: "/",
  sameSite: "lax",
  maxAgeSeconds: 400 * 24 * 60 * 60,
  chunkSize: 3180,
} as const;

/** The page a signed-out visitor asked for, given back once after sign-in (spec §2 guards). */
export const RETURN_PATH_COOKIE = { name: "neonlab-return-path", maxAgeSeconds: 30 * 60 } as const;

/**
 * The web build's server-side render (apps/web/src/entry-prerender.tsx, bundled whole) inside the build
 * folder: the server imports it to render the pages that show API data with the API's current answers.
 */
export const WEB_SSR_ENTRY = "prerender/ssr/entry.mjs";

export const SOCKET_OPTIONS = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
} as const;

export const PRELOADER = { speedMs: 15, transitionMs: 1400, errorTransitionMs: 300 } as const;
export const ERROR_GRID = { rows: 20, columns: 40, refreshMs: 100, changeChance: 0.1 } as const;
export const SHARE_POPUP = { width: 500, height: 500, name: "sharer" } as const;

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const DEFAULT_LESSON_XP = 10;
export const DEFAULT_PROJECT_XP = 50;
export const CHAPTER_NEONBITS = 20;
export const COURSE_NEONBITS = 100;
export const STREAK_SAVE_COST_PER_DAY = 100;
export const STREAK_SAVE_MAX_DAYS = 3;
export const REFLECTION_MIN_LENGTH = 10;

/** The longest referral code a sign-up may carry (an invite's or a personal link's code is shorter). */
export const REFERRAL_CODE_MAX_LENGTH = 64;
