/**
 * For the page's largest picture above the fold (its LCP element): fetched before the rest. React 18 knows the
 * attribute only in lower case (`fetchPriority` is React 19's), so it is spread as HTML writes it.
 */
export const HIGH_PRIORITY = { fetchpriority: "high" } as const;
