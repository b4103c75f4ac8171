import { Suspense, lazy, memo, useState, type ComponentType } from "react";

/**
 * A form whose code is not in its page's first load (issue 15): conform (@conform-to/react and /dom, ~10 KiB
 * gzipped) and the form's own component arrive as chunks of their own while the rest of the page hydrates.
 *
 * The server renders the form whole (React waits for the chunk there, `onAllReady`), so the first paint is the same
 * HTML as before. In the browser the form sits in a Suspense boundary of its own: React 18 hydrates the page around
 * it and leaves the server's markup in place until the chunk is in, then hydrates it (what the customer typed
 * meanwhile stays: hydration keeps the inputs' values). Until then the form is the plain HTML form it is with
 * JavaScript off: a submit posts it and the action validates it, as every action does anyway.
 *
 * A client-side navigation waits for the chunk before it shows the page (`preload` in the route's `clientLoader`),
 * so the form never flashes in after the page.
 *
 *   const CheckoutForm = lazyForm(() => import(<the form's module>).then((m) => m.CheckoutForm));
 *   export const clientLoader = withFormPreload(CheckoutForm);
 * (as app/routes/checkout/route.tsx does).
 */
export interface LazyForm<P> {
  (props: P): JSX.Element;
  /** Loads the form's chunk (once); resolves when it is in. */
  preload: () => Promise<unknown>;
}

export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>): LazyForm<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  /** The component once its chunk is in: rendered directly, without a suspended first render (React.lazy's). */
  let loaded: ComponentType<P> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component), (error: unknown) => {
    // A failed chunk (a deploy in between, the network) is tried again by the next render or navigation.
    loading = undefined;
    throw error;
  }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component }))) as unknown as (props: P) => JSX.Element;
  // memo: a parent's re-render with the same props does not reach the boundary before it has hydrated (an update
  // to a boundary still waiting for its code would make React drop the server's markup and render it afresh).
  const Boundary = memo(function LazyFormBoundary(props: P) {
    // Chosen once per form: a form hydrated through React.lazy keeps it (a new element type would render it afresh).
    const [Component] = useState(() => (loaded as unknown as typeof Lazy | undefined) ?? Lazy);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }) as unknown as (props: P) => JSX.Element;
  return Object.assign(Boundary, { preload });
}

/**
 * Loads lazy forms' chunks, for a `clientLoader` to wait on beside its data. Never rejects: a chunk that fails
 * (a deploy in between, the network) leaves the form to its boundary, which tries again when it renders.
 */
export function preloadForms(...forms: { preload: () => Promise<unknown> }[]): Promise<void> {
  return Promise.all(forms.map((form) => form.preload().catch(() => undefined))).then(() => undefined);
}

/**
 * A route's `clientLoader` for client-side navigations (not the first load: `hydrate` stays false, the server's
 * data hydrates the page): the route's data and its lazy forms' chunks together.
 */
export function withFormPreload(...forms: { preload: () => Promise<unknown> }[]) {
  return async ({ serverLoader }: { serverLoader: () => Promise<unknown> }) => {
    const [data] = await Promise.all([serverLoader(), preloadForms(...forms)]);
    return data;
  };
}
