import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * Follows an order live while it is under way. With EventSource, the page listens to the order's server-sent
 * events (/tracker-order/:uuid/events) and re-reads its data (a Remix revalidation, no reload) when an event's
 * version differs from the one on the page. When the browser lacks EventSource or the stream fails for good, it
 * falls back to re-reading every `fallbackSeconds` while the page is visible.
 */
export function useOrderEvents(uuid: string, version: string, live: boolean, fallbackSeconds: number) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const shown = useRef(version);
  shown.current = version;
  const [streamFailed, setStreamFailed] = useState(false);

  useEffect(() => {
    if (!live) return;
    if (typeof EventSource === "undefined") {
      setStreamFailed(true);
      return;
    }
    const source = new EventSource(`/tracker-order/${uuid}/events`);
    source.addEventListener("status", (event) => {
      const state = JSON.parse((event as MessageEvent<string>).data) as { version: string; final: boolean };
      if (state.version !== shown.current) revalidate.current();
      // The stream ends with a final order; without this the browser would reconnect to it.
      if (state.final) source.close();
    });
    source.addEventListener("gone", () => source.close());
    source.onopen = () => setStreamFailed(false);
    // A dropped connection is retried by the browser (CONNECTING); a refused one (an error status) is CLOSED.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setStreamFailed(true);
    };
    return () => source.close();
  }, [uuid, live]);

  useEffect(() => {
    if (!live || !streamFailed) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") revalidate.current();
    }, fallbackSeconds * 1_000);
    return () => window.clearInterval(timer);
  }, [live, streamFailed, fallbackSeconds]);
}
