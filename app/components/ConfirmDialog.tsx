import { useEffect, useRef, type ReactNode } from "react";

/**
 * A confirmation the server renders open (spec: "Confirmation dialog"), so it works without JavaScript: an
 * `alertdialog` in the page's flow, named by its title and described by its body, that takes the focus when it
 * appears (the `autofocus` attribute without JavaScript; with it, an effect on mount, as React only autofocuses
 * form controls). `children` are the actions: a form that confirms and a way back that changes nothing.
 */
export function ConfirmDialog({ id, title, body, children }: { id: string; title: string; body: string; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section
      ref={ref}
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the dialog appears because of the customer's own submit
      autoFocus
      className="panel confirm-dialog"
      id={id}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-body`}>{body}</p>
      <div className="confirm-actions">{children}</div>
    </section>
  );
}
