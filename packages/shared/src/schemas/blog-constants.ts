// The blogs' limits, labels and messages, apart from their zod schemas (./blogs.ts, which re-exports them): the
// public blog list needs only these, and zod stays off its first load.

export const BLOG_STATUSES = ["draft", "pending", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogStatus, string> = {
  draft: "Draft",
  pending: "Pending review",
  published: "Published",
};

export const BLOG_SORTS = ["newest", "top", "views"] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];
export const BLOG_SORT_LABELS: Record<BlogSort, string> = { newest: "Newest", top: "Top voted", views: "Most viewed" };

export const BLOG_VOTE_TYPES = ["up", "down"] as const;
export type BlogVoteType = (typeof BLOG_VOTE_TYPES)[number];

export const BLOG_TITLE_MAX = 120;
export const BLOG_SUMMARY_MAX = 300;
/** Markdown characters of one blog. */
export const BLOG_CONTENT_MAX = 100_000;
export const BLOG_TAGS_MAX = 5;
export const BLOG_TAG_MAX = 24;
export const BLOG_REJECT_REASON_MIN = 10;
export const BLOG_REJECT_REASON_MAX = 1000;
export const BLOGS_PAGE_SIZE = 12;
/** Publishing asks for at least this much: a title, a category and some text. */
export const BLOG_PUBLISH_MIN_CONTENT = 50;
/** Images: checked by their bytes (magic numbers), not their name or Content-Type. */
export const BLOG_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Files one upload-images request may carry. */
export const BLOG_IMAGES_PER_UPLOAD = 10;
/** Images (covers included) one blog may hold. */
export const BLOG_IMAGES_PER_BLOG = 40;
/** What one user's stored images (every variant) may take in all. */
export const BLOG_STORAGE_QUOTA_BYTES = 200 * 1024 * 1024;
/** Images one user may upload (covers included) in a window of 10 minutes; past it the upload is a 429. */
export const BLOG_IMAGE_UPLOAD_LIMIT = { max: 30, windowSeconds: 600 } as const;
/** The WebP widths each image is stored at (a narrower original is kept at its own width, not enlarged). */
export const BLOG_IMAGE_WIDTHS = [480, 960, 1600] as const;
/** Words a minute for the reading time. */
export const BLOG_WORDS_PER_MINUTE = 220;

/** Error messages the API answers with (400/403/404/409/413/415/429), named for the web's tests. */
export const BLOG_MESSAGES = {
  notFound: "Blog not found.",
  imageNotFound: "Image not found.",
  categoryNotFound: "Unknown blog category.",
  needsAccess: "Writing blogs needs NeonLab Pro (or access given by an admin).",
  notYours: "You can only change your own blogs.",
  moderatorsOnly: "Only moderators can review blogs.",
  notPending: "This blog is not waiting for review.",
  alreadyPublished: "This blog is already published.",
  alreadyPending: "This blog is already waiting for review.",
  notPublic: "This blog is not published.",
  publishIncomplete: (missing: string[]) => `Before publishing, add ${missing.join(", ")}.`,
  fromAfterTo: "The start date (from) must not be after the end date (to).",
  statusNeedsSignIn: "Sign in to list blogs by status.",
  noFile: "Choose an image to upload.",
  emptyFile: "The file is empty.",
  tooLarge: "Images can be at most 5 MB.",
  badType: "Only PNG, JPEG, WebP and GIF images can be uploaded.",
  svgRefused: "SVG images can not be uploaded; use PNG, JPEG, WebP or GIF.",
  tooManyPixels: "This image is too large in pixels (at most 40 megapixels).",
  gifTooManyPixels: "A GIF can be at most 16 megapixels; upload a larger picture as PNG, JPEG or WebP.",
  uploadLimit: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `You can upload at most ${BLOG_IMAGE_UPLOAD_LIMIT.max} images in ${BLOG_IMAGE_UPLOAD_LIMIT.windowSeconds / 60} minutes. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
  },
  unreadable: "This image could not be read; it may be damaged.",
  badMultipart: "The upload could not be read: send the image as multipart/form-data.",
  tooManyFiles: `Upload at most ${BLOG_IMAGES_PER_UPLOAD} images at once.`,
  tooManyImages: `A blog can hold at most ${BLOG_IMAGES_PER_BLOG} images.`,
  quotaExceeded: "Your image storage is full (200 MB). Delete images you no longer use.",
} as const;
