/** A text/event-stream body read as a browser's EventSource would (the tracker's live updates, issue 5). */
export interface ServerEvent {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** Reads a text/event-stream body block by block ("field: value" lines; blocks end with a blank line). */
export function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    /** The next block, or null when the stream has ended. */
    async next(): Promise<ServerEvent | null> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: ServerEvent = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) event.comment = line.slice(1).trim();
            else {
              const [field, ...rest] = line.split(": ");
              event[field as "event" | "id" | "data" | "retry"] = rest.join(": ");
            }
          }
          return event;
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    /** The next status (or gone) event, skipping heartbeats; what was skipped is returned too. */
    async nextEvent(): Promise<{ event: ServerEvent | null; skipped: ServerEvent[] }> {
      const skipped: ServerEvent[] = [];
      for (;;) {
        const block = await this.next();
        if (block === null || block.event) return { event: block, skipped };
        skipped.push(block);
      }
    },
    cancel: () => reader.cancel(),
  };
}
