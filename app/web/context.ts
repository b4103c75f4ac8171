import { createContext, useContext } from "react";

/** Per-document values from entry.server: the CSP nonce and, on an error page, the request id. */
export interface DocumentContext {
  nonce?: string;
  requestId?: string;
}

export const DocumentContext = createContext<DocumentContext>({});
export const useDocument = () => useContext(DocumentContext);
