import { useFetchers, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** What can take focus as it is (anything else is given tabIndex -1 first). */
const FOCUSABLE = "input:not([type=hidden]), select, textarea, button, a[href], [tabindex]";

/**
 * Where focus goes when it was lost while a form was answered: the first field the answer marks invalid (in the
 * form, as re-rendered), else the page's alert (a refusal said at the top), else its status notice, else its heading.
 */
function focusTarget(submitted: HTMLFormElement | null): HTMLElement | null {
  const form = submitted?.isConnected ? submitted : submitted?.id ? document.getElementById(submitted.id) : null;
  const invalid = (form ?? document).querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) return invalid.matches(FOCUSABLE) ? invalid : (invalid.querySelector<HTMLElement>(FOCUSABLE) ?? invalid);
  // The message nearest the form (its own, then its section's), then the page's.
  for (const scope of [form, form?.closest("article, section, aside, dialog"), document.querySelector("main")]) {
    const message = scope?.querySelector<HTMLElement>('[role="alert"], [role="status"]');
    if (message) return message;
  }
  return document.querySelector<HTMLElement>("main h1");
}

/**
 * With JavaScript, a form's submit button is disabled while its post is on its way, or the answer re-renders the
 * part of the page where focus was: either way the browser drops focus to the page's body, and a keyboard or
 * screen-reader user would start again from the top, unaware of the answer. Once every submission is answered, and
 * only if focus was lost (never taken from where the user went meanwhile), this puts it on the answer: the first
 * invalid field, or the message that says what happened. Routes with their own focus rules (the store console, the
 * order-time dialog) move it first; this then finds focus in place and does nothing.
 */
export function useFocusAfterSubmit(): void {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const submitted = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const remember = (event: Event) => {
      if (event.target instanceof HTMLFormElement) submitted.current = event.target;
    };
    document.addEventListener("submit", remember, true);
    return () => document.removeEventListener("submit", remember, true);
  }, []);
  useEffect(() => {
    if (busy || !submitted.current) return;
    const form = submitted.current;
    submitted.current = null;
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const target = focusTarget(form);
      if (!target) return;
      if (!target.matches(FOCUSABLE)) target.tabIndex = -1;
      target.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [busy]);
}

/**
 * With JavaScript, following a link swaps the page without a load: focus stays on the link (a header link, which is
 * still there) or falls to the body, the screen reader says nothing of the new page, and the next Tab starts at the
 * top. After a link's navigation to another page, this puts focus on the new page's heading (without scrolling), as a
 * page load would put the reader at its start. Not after a form (useFocusAfterSubmit), not to an anchor or a dialog
 * (they place focus themselves), and not when the new page put focus in its content (an autofocus).
 */
export function useFocusAfterNavigation(): void {
  const location = useLocation();
  const navigation = useNavigation();
  const byLink = useRef(false);
  const previous = useRef(location.pathname);
  useEffect(() => {
    if (navigation.state === "loading" && navigation.formMethod === undefined) byLink.current = true;
  }, [navigation.state, navigation.formMethod]);
  useEffect(() => {
    const from = previous.current;
    previous.current = location.pathname;
    const link = byLink.current;
    byLink.current = false;
    if (!link || from === location.pathname || location.hash || new URLSearchParams(location.search).has("dialog")) return;
    const main = document.querySelector("main");
    const active = document.activeElement;
    if (main && active && active !== document.body && main.contains(active)) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? main;
    if (!heading) return;
    if (!heading.matches(FOCUSABLE)) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [location.pathname, location.search, location.hash]);
}
