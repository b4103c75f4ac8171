import type { IncomingMessage, ServerResponse } from "node:http";
import type { CardVault } from "./vault";

/**
 * STUB. What Adyen Web (the browser library) fetches from the stand-in's shopper listener (its secured-fields
 * iframes under /checkoutshopper-test/securedfields/…, and the like) is built on another branch and replaces this
 * file. The shopper listener (hosted.ts) hands it every request it does not serve itself (its own pages live under
 * /checkoutshopper-test/hosted/ and /checkoutshopper-test/threeDS/) and answers 404 when this returns false.
 */
export interface ShopperContext {
  vault: CardVault;
  clientKey: string;
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  /** e.g. http://127.0.0.1:PORT/checkoutshopper-test/ */
  shopperUrl: string;
}

export function handleShopperRequest(_req: IncomingMessage, _res: ServerResponse, _url: URL, _ctx: ShopperContext): boolean | Promise<boolean> {
  return false;
}
