/** Main navigation of the header and drawer. */
export const MAIN_NAV = [
  { to: "/courses", label: "Courses" },
  { to: "/projects", label: "Projects" },
  { to: "/hacks", label: "Hacks" },
  { to: "/blogs", label: "Blogs" },
  { to: "/rank", label: "Rank" },
  { to: "/pricing", label: "Pricing" },
] as const;

/** Footer columns. */
export const FOOTER_NAV = [
  {
    title: "Learn",
    links: [
      { to: "/courses", label: "Courses" },
      { to: "/projects", label: "Projects" },
      { to: "/tutorials", label: "Tutorials" },
      { to: "/rank", label: "Rank" },
    ],
  },
  {
    title: "Community",
    links: [
      { to: "/blogs", label: "Blogs" },
      { to: "/hacks", label: "Hacks" },
      { to: "/giveaway", label: "Giveaway" },
      { to: "/help", label: "Help & FAQ" },
    ],
  },
  {
    title: "NeonLab",
    links: [
      { to: "/about", label: "About" },
      { to: "/features", label: "Features" },
      { to: "/pricing", label: "Pricing" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/policy", label: "Privacy policy" },
      { to: "/terms", label: "Terms of use" },
    ],
  },
] as const;
