import "@splidejs/react-splide/css/core";
import { type Options, Splide } from "@splidejs/react-splide";
import type { ReactNode } from "react";
import classes from "./carousel.module.css";

/** The carousel's accessible labels (spec §2). */
export const CAROUSEL_LABELS = {
  prev: "Previous slide",
  next: "Next slide",
  first: "Go to first slide",
  last: "Go to last slide",
  slideX: "Go to slide %s",
  pageX: "Go to page %s",
  play: "Start autoplay",
  pause: "Pause autoplay",
  select: "Select a slide to show",
  slideLabel: "%s of %s",
} as const;

/** Options of spec §9 (Splide's live region announces after its fixed 90 ms delay). */
export const CAROUSEL_OPTIONS: Options = {
  type: "slide",
  speed: 400,
  perPage: 1,
  autoplay: true,
  interval: 5000,
  pauseOnHover: true,
  pauseOnFocus: true,
  drag: true,
  direction: "ltr",
  easing: "cubic-bezier(0.25, 1, 0.5, 1)",
  reducedMotion: { speed: 0, autoplay: "pause" },
  live: true,
  rewind: true,
  i18n: CAROUSEL_LABELS,
};

/**
 * The track and slides are divs: Splide gives each slide role="tabpanel" (it has pagination), a role an
 * `li` may not take (axe aria-allowed-role), and it marks the list itself role="presentation".
 */
export function Carousel({ label, slides }: { label: string; slides: { key: string; content: ReactNode }[] }) {
  return (
    <Splide className={classes.carousel} options={CAROUSEL_OPTIONS} aria-label={label} hasTrack={false}>
      <div className="splide__track">
        <div className="splide__list">
          {slides.map((slide) => (
            <div key={slide.key} className="splide__slide">
              {slide.content}
            </div>
          ))}
        </div>
      </div>
    </Splide>
  );
}
