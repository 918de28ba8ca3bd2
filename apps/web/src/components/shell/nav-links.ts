import { pageIsBuilt } from "../../lib/route-table.ts";

type NavLink = { to: string; label: string };

/** Only the entries whose page exists: one whose capability has not landed comes back when it does. */
export const builtOnly = <T extends NavLink>(links: readonly T[]): T[] => links.filter((link) => pageIsBuilt(link.to));

/** Main navigation of the header and drawer. */
export const MAIN_NAV = builtOnly([
  { to: "/courses", label: "Courses" },
  { to: "/projects", label: "Projects" },
  { to: "/hacks", label: "Hacks" },
  { to: "/blogs", label: "Blogs" },
  { to: "/rank", label: "Rank" },
  { to: "/pricing", label: "Pricing" },
]);

/** Footer columns (a column left without entries is left out). */
export const FOOTER_NAV = [
  {
    title: "Learn",
    links: [
      { to: "/courses", label: "Courses" },
      { to: "/projects", label: "Projects" },
      { to: "/tutorials", label: "Tutorials" },
      { to: "/classrooms", label: "Classrooms" },
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
]
  .map((column) => ({ ...column, links: builtOnly(column.links) }))
  .filter((column) => column.links.length > 0);
