/**
 * Social sign-in (spec: Facebook 1, Google 2, Yahoo 3). Each method is offered only when configured by
 * environment variables. (Being built on its own branch; none is configured yet.)
 */
export interface SocialMethod {
  id: 1 | 2 | 3;
  /** the path segment of /login/:method */
  slug: "facebook" | "google" | "yahoo";
}

export function socialMethods(): SocialMethod[] {
  return [];
}
