import { describe, expect, it } from "vitest";
import {
  buildShareUrl,
  CUSTOM_SHARE_NETWORKS,
  opensInPopup,
  registerShareNetwork,
  SHARE_NETWORKS,
  ShareNetworkError,
  ShareRegistry,
} from "./share.ts";

const request = {
  url: "https://neonlab.dev/hack/ada/neon rain?x=1&y=2",
  title: "Neon Rain & Code",
  description: "Made with <canvas>",
  quote: "Hack the planet!",
  hashtags: "neonlab,code art",
  twitterUser: "neonlab",
  media: "https://neonlab.dev/cover.png",
};
const u = encodeURIComponent(request.url);
const t = encodeURIComponent(request.title);
const d = encodeURIComponent(request.description);
const q = encodeURIComponent(request.quote);
const m = encodeURIComponent(request.media);

// Expected URL of every spec network for `request` (spec §2 lists 32 names).
const expected: Record<keyof typeof SHARE_NETWORKS, string> = {
  baidu: `http://cang.baidu.com/do/add?iu=${u}&it=${t}`,
  bluesky: `https://bsky.app/intent/compose?text=${t}%0D%0A${u}%0D%0A${d}`,
  buffer: `https://bufferapp.com/add?text=${t}&url=${u}`,
  email: `mailto:?subject=${t}&body=${u}%0D%0A${d}`,
  evernote: `https://www.evernote.com/clip.action?url=${u}&title=${t}`,
  facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}&title=${t}&description=${d}&quote=${q}&hashtag=%23neonlab`,
  flipboard: `https://share.flipboard.com/bookmarklet/popout?v=2&url=${u}&title=${t}`,
  hackernews: `https://news.ycombinator.com/submitlink?u=${u}&t=${t}`,
  instapaper: `http://www.instapaper.com/edit?url=${u}&title=${t}&description=${d}`,
  line: `http://line.me/R/msg/text/?${t}%0D%0A${u}%0D%0A${d}`,
  linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  messenger: `fb-messenger://share/?link=${u}`,
  odnoklassniki: `https://connect.ok.ru/dk?st.cmd=WidgetSharePreview&st.shareUrl=${u}&st.comments=${t}`,
  pinterest: `https://pinterest.com/pin/create/button/?url=${u}&media=${m}&description=${t}`,
  pocket: `https://getpocket.com/save?url=${u}&title=${t}`,
  quora: `https://www.quora.com/share?url=${u}&title=${t}`,
  reddit: `https://www.reddit.com/submit?url=${u}&title=${t}`,
  skype: `https://web.skype.com/share?url=${t}%0D%0A${u}%0D%0A${d}`,
  sms: `sms:?body=${t}%0D%0A${u}%0D%0A${d}`,
  stumbleupon: `https://www.stumbleupon.com/submit?url=${u}&title=${t}`,
  telegram: `https://t.me/share/url?url=${u}&text=${t}%0D%0A${d}`,
  tumblr: `https://www.tumblr.com/share/link?url=${u}&name=${t}&description=${d}`,
  twitter: `https://twitter.com/intent/tweet?text=${t}&url=${u}&hashtags=neonlab,code%20art&via=neonlab`,
  x: `https://x.com/intent/tweet?text=${t}&url=${u}&hashtags=neonlab,code%20art&via=neonlab`,
  viber: `viber://forward?text=${t}%0D%0A${u}%0D%0A${d}`,
  vk: `https://vk.com/share.php?url=${u}&title=${t}&description=${d}&image=${m}&noparse=true`,
  weibo: `http://service.weibo.com/share/share.php?url=${u}&title=${t}&pic=${m}`,
  whatsapp: `https://api.whatsapp.com/send?text=${t}%0D%0A${u}%0D%0A${d}`,
  wordpress: `https://wordpress.com/press-this.php?u=${u}&t=${t}&s=${d}&i=${m}`,
  xing: `https://www.xing.com/social/share/spi?op=share&url=${u}&title=${t}`,
  yammer: `https://www.yammer.com/messages/new?login=true&status=${t}%0D%0A${u}%0D%0A${d}`,
  threads: `https://www.threads.net/intent/post?text=${t}%0D%0A${u}%0D%0A${d}`,
};

describe("buildShareUrl", () => {
  it("knows exactly the 32 networks of the spec", () => {
    expect(Object.keys(SHARE_NETWORKS).sort()).toEqual(Object.keys(expected).sort());
    expect(Object.keys(SHARE_NETWORKS)).toHaveLength(32);
  });

  it.each(Object.entries(expected))("builds the %s URL with encoded values", (network, url) => {
    expect(buildShareUrl({ ...request, network })).toBe(url);
  });

  it("builds the custom LinkedIn (url + description) and X (description, url, hashtags, via) links", () => {
    expect(Object.keys(CUSTOM_SHARE_NETWORKS)).toEqual(["linkedinText", "xPost"]);
    expect(buildShareUrl({ ...request, network: "linkedinText" })).toBe(
      `https://www.linkedin.com/feed/?shareActive=true&text=${d}%0D%0A${u}`,
    );
    expect(buildShareUrl({ ...request, network: "xPost" })).toBe(
      `https://x.com/intent/post?text=${d}&url=${u}&hashtags=neonlab,code%20art&via=neonlab`,
    );
  });

  it("drops empty hashtags and via for Twitter and X", () => {
    for (const network of ["twitter", "x", "xPost"]) {
      const url = buildShareUrl({
        network,
        url: "https://a.b/",
        title: "T",
        description: "D",
        hashtags: "",
        twitterUser: "",
      });
      expect(url).not.toContain("hashtags=");
      expect(url).not.toContain("via=");
    }
    expect(buildShareUrl({ network: "twitter", url: "https://a.b/", title: "T" })).toBe(
      "https://twitter.com/intent/tweet?text=T&url=https%3A%2F%2Fa.b%2F",
    );
    expect(buildShareUrl({ network: "twitter", url: "https://a.b/", hashtags: ["one"] })).toBe(
      "https://twitter.com/intent/tweet?text=&url=https%3A%2F%2Fa.b%2F&hashtags=one",
    );
  });

  it("uses only the first hashtag, with a hash, for Facebook, and none when empty", () => {
    expect(buildShareUrl({ network: "facebook", url: "u", hashtags: ["#first", "second"] })).toMatch(
      /&hashtag=%23first$/,
    );
    expect(buildShareUrl({ network: "facebook", url: "u" })).toMatch(/&hashtag=$/);
  });

  it("uses the iOS separator for SMS on iPhone and iPad only", () => {
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)";
    const ipad = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)";
    const android = "Mozilla/5.0 (Linux; Android 14)";
    expect(buildShareUrl({ network: "sms", url: "u", title: "t" }, { userAgent: iphone })).toBe(
      "sms:&body=t%0D%0Au%0D%0A",
    );
    expect(buildShareUrl({ network: "sms", url: "u", title: "t" }, { userAgent: ipad })).toMatch(/^sms:&body=/);
    expect(buildShareUrl({ network: "sms", url: "u", title: "t" }, { userAgent: android })).toMatch(/^sms:\?body=/);
  });

  it("rejects an unknown network with the spec's message", () => {
    expect(() => buildShareUrl({ network: "myspace", url: "u" })).toThrow(ShareNetworkError);
    expect(() => buildShareUrl({ network: "myspace", url: "u" })).toThrow("Network myspace does not exist");
  });

  it("accepts custom networks once registered", () => {
    const registry = new ShareRegistry();
    expect(() => registry.build({ network: "mastodon", url: "u" })).toThrow("Network mastodon does not exist");
    registry.register("mastodon", "https://mastodon.social/share?text=@t%20@u");
    expect(registry.has("mastodon")).toBe(true);
    expect(registry.build({ network: "mastodon", url: "https://a.b/?q=1", title: "Hi there" })).toBe(
      "https://mastodon.social/share?text=Hi%20there%20https%3A%2F%2Fa.b%2F%3Fq%3D1",
    );
    expect(() => registry.register(" ", "x")).toThrow();
    registerShareNetwork("diaspora", "https://share.diasporafoundation.org/?title=@t&url=@u");
    expect(buildShareUrl({ network: "diaspora", url: "u", title: "t" })).toBe(
      "https://share.diasporafoundation.org/?title=t&url=u",
    );
  });

  it("opens http(s) links in the popup and other schemes in a new tab", () => {
    expect(opensInPopup(buildShareUrl({ network: "reddit", url: "u" }))).toBe(true);
    expect(opensInPopup(buildShareUrl({ network: "baidu", url: "u" }))).toBe(true);
    for (const network of ["email", "sms", "messenger", "viber"]) {
      expect(opensInPopup(buildShareUrl({ network, url: "u" }))).toBe(false);
    }
  });
});
