/**
 * Share-URL builder (spec §2 "Sharing", §5). Templates use short markers:
 * @u url, @t title, @d description, @q quote, @h hashtags, @m media, @tu twitter user (via).
 */

export const SHARE_NETWORKS = {
  baidu: "http://cang.baidu.com/do/add?iu=@u&it=@t",
  bluesky: "https://bsky.app/intent/compose?text=@t%0D%0A@u%0D%0A@d",
  buffer: "https://bufferapp.com/add?text=@t&url=@u",
  email: "mailto:?subject=@t&body=@u%0D%0A@d",
  evernote: "https://www.evernote.com/clip.action?url=@u&title=@t",
  facebook: "https://www.facebook.com/sharer/sharer.php?u=@u&title=@t&description=@d&quote=@q&hashtag=@h",
  flipboard: "https://share.flipboard.com/bookmarklet/popout?v=2&url=@u&title=@t",
  hackernews: "https://news.ycombinator.com/submitlink?u=@u&t=@t",
  instapaper: "http://www.instapaper.com/edit?url=@u&title=@t&description=@d",
  line: "http://line.me/R/msg/text/?@t%0D%0A@u%0D%0A@d",
  linkedin: "https://www.linkedin.com/sharing/share-offsite/?url=@u",
  messenger: "fb-messenger://share/?link=@u",
  odnoklassniki: "https://connect.ok.ru/dk?st.cmd=WidgetSharePreview&st.shareUrl=@u&st.comments=@t",
  pinterest: "https://pinterest.com/pin/create/button/?url=@u&media=@m&description=@t",
  pocket: "https://getpocket.com/save?url=@u&title=@t",
  quora: "https://www.quora.com/share?url=@u&title=@t",
  reddit: "https://www.reddit.com/submit?url=@u&title=@t",
  skype: "https://web.skype.com/share?url=@t%0D%0A@u%0D%0A@d",
  sms: "sms:?body=@t%0D%0A@u%0D%0A@d",
  stumbleupon: "https://www.stumbleupon.com/submit?url=@u&title=@t",
  telegram: "https://t.me/share/url?url=@u&text=@t%0D%0A@d",
  tumblr: "https://www.tumblr.com/share/link?url=@u&name=@t&description=@d",
  twitter: "https://twitter.com/intent/tweet?text=@t&url=@u&hashtags=@h@tu",
  x: "https://x.com/intent/tweet?text=@t&url=@u&hashtags=@h@tu",
  viber: "viber://forward?text=@t%0D%0A@u%0D%0A@d",
  vk: "https://vk.com/share.php?url=@u&title=@t&description=@d&image=@m&noparse=true",
  weibo: "http://service.weibo.com/share/share.php?url=@u&title=@t&pic=@m",
  whatsapp: "https://api.whatsapp.com/send?text=@t%0D%0A@u%0D%0A@d",
  wordpress: "https://wordpress.com/press-this.php?u=@u&t=@t&s=@d&i=@m",
  xing: "https://www.xing.com/social/share/spi?op=share&url=@u&title=@t",
  yammer: "https://www.yammer.com/messages/new?login=true&status=@t%0D%0A@u%0D%0A@d",
  threads: "https://www.threads.net/intent/post?text=@t%0D%0A@u%0D%0A@d",
} as const;
export type ShareNetwork = keyof typeof SHARE_NETWORKS;

/** The two custom networks of the product: LinkedIn with a text (url + description), X with description first. */
export const CUSTOM_SHARE_NETWORKS = {
  linkedinText: "https://www.linkedin.com/feed/?shareActive=true&text=@d%0D%0A@u",
  xPost: "https://x.com/intent/post?text=@d&url=@u&hashtags=@h@tu",
} as const;

/** Networks whose empty hashtags and via are dropped instead of sent blank. */
const TWEET_LIKE = new Set(["twitter", "x", "xPost"]);

export type ShareRequest = {
  network: string;
  url: string;
  title?: string;
  description?: string;
  quote?: string;
  /** Comma-separated or a list; Facebook uses only the first. */
  hashtags?: string | readonly string[];
  twitterUser?: string;
  media?: string;
};

export type ShareContext = {
  /** The browser's user agent; iOS SMS links use `&` instead of `?` after `sms:`. */
  userAgent?: string;
};

export class ShareNetworkError extends Error {
  readonly network: string;

  constructor(network: string) {
    super(`Network ${network} does not exist`);
    this.network = network;
    this.name = "ShareNetworkError";
  }
}

/** A registry of templates: the spec's networks and custom ones registered at runtime. */
export class ShareRegistry {
  private readonly templates = new Map<string, string>(Object.entries({ ...SHARE_NETWORKS, ...CUSTOM_SHARE_NETWORKS }));

  /** Registers (or replaces) a custom network template using the @-markers. */
  register(name: string, template: string): void {
    if (!name.trim()) throw new Error("A network needs a name");
    this.templates.set(name, template);
  }

  has(name: string): boolean {
    return this.templates.has(name);
  }

  names(): string[] {
    return [...this.templates.keys()];
  }

  /** Builds the share URL, or throws ShareNetworkError("Network {name} does not exist"). */
  build(request: ShareRequest, context: ShareContext = {}): string {
    const template = this.templates.get(request.network);
    if (template === undefined) throw new ShareNetworkError(request.network);
    return fillTemplate(request, template, context);
  }
}

function hashtagList(hashtags: ShareRequest["hashtags"]): string[] {
  const list = typeof hashtags === "string" ? hashtags.split(",") : [...(hashtags ?? [])];
  return list.map((tag) => tag.trim().replace(/^#/, "")).filter(Boolean);
}

function isIos(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? "").toLowerCase();
  return ua.includes("iphone") || ua.includes("ipad") || ua.includes("ipod");
}

function fillTemplate(request: ShareRequest, template: string, context: ShareContext): string {
  const tags = hashtagList(request.hashtags);
  const via = (request.twitterUser ?? "").trim().replace(/^@/, "");
  let url = template;
  if (request.network === "sms" && isIos(context.userAgent)) url = url.replace("sms:?", "sms:&");
  if (TWEET_LIKE.has(request.network)) {
    if (!tags.length) url = url.replace("&hashtags=@h", "");
    if (!via) url = url.replace("@tu", "");
  }
  const hashtags =
    request.network === "facebook"
      ? tags.length
        ? `%23${encodeURIComponent(tags[0] ?? "")}`
        : ""
      : tags.map(encodeURIComponent).join(",");
  // @tu must be replaced before @t, which is its prefix.
  return url
    .replace(/@tu/g, `&via=${encodeURIComponent(via)}`)
    .replace(/@u/g, encodeURIComponent(request.url))
    .replace(/@t/g, encodeURIComponent(request.title ?? ""))
    .replace(/@d/g, encodeURIComponent(request.description ?? ""))
    .replace(/@q/g, encodeURIComponent(request.quote ?? ""))
    .replace(/@h/g, hashtags)
    .replace(/@m/g, encodeURIComponent(request.media ?? ""));
}

const defaultRegistry = new ShareRegistry();

/** Builds a share URL with the default registry (spec networks + the two custom ones). */
export const buildShareUrl = (request: ShareRequest, context?: ShareContext) => defaultRegistry.build(request, context);

/** Registers a custom network in the default registry. */
export const registerShareNetwork = (name: string, template: string) => defaultRegistry.register(name, template);

/** True for links that open in the 500×500 "sharer" popup (http and https); others open a new tab. */
export const opensInPopup = (shareUrl: string) => /^https?:\/\//i.test(shareUrl);
