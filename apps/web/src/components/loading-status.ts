/**
 * The attributes of a loading placeholder: a named status that is busy. A name (`aria-label`) on an element with
 * no role is not allowed (axe aria-prohibited-attr), which is how bare `aria-label`s on Skeletons and Stacks failed
 * the accessibility checks whenever axe ran while a page was still loading.
 */
export const loadingStatus = (label: string) => ({ role: "status", "aria-busy": true, "aria-label": label }) as const;
