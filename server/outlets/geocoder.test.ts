import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resetEnvCache } from "../config";
import { configuredGeocoder, httpGeocoder, nullGeocoder } from "./geocoder";

/** A real HTTP server on 127.0.0.1 (random port) standing in for a Nominatim search API. */
let server: Server;
let base: string;
let handler: (req: IncomingMessage, res: ServerResponse) => void;
let requests: { url: URL; headers: IncomingMessage["headers"] }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: new URL(req.url ?? "/", "http://127.0.0.1"), headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
});

const answer = (status: number, body: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(body);
};

const ROMA = [
  { place_id: 1, lat: "19.4192", lon: "-99.1613", display_name: "Avenida Álvaro Obregón 130, Roma Norte, 06700 Ciudad de México" },
  { place_id: 2, lat: 19.42, lon: -99.16, display_name: "Roma Norte, Cuauhtémoc" },
];

describe("httpGeocoder (a Nominatim-compatible search API)", () => {
  it("asks with the address, Spanish labels and Mexico only, and returns the places best first", async () => {
    handler = answer(200, JSON.stringify(ROMA));
    const warn = vi.spyOn(console, "warn");
    const results = await httpGeocoder({ url: base }).search("  Av. Álvaro Obregón 130, 06700 Ciudad de México, México ");

    expect(results).toEqual([
      { lat: 19.4192, lng: -99.1613, label: "Avenida Álvaro Obregón 130, Roma Norte, 06700 Ciudad de México" },
      { lat: 19.42, lng: -99.16, label: "Roma Norte, Cuauhtémoc" },
    ]);
    expect(requests).toHaveLength(1);
    const { url, headers } = requests[0]!;
    expect(url.pathname).toBe("/search");
    expect(url.searchParams.get("q")).toBe("Av. Álvaro Obregón 130, 06700 Ciudad de México, México");
    expect(url.searchParams.get("format")).toBe("jsonv2");
    expect(url.searchParams.get("accept-language")).toBe("es");
    expect(url.searchParams.get("countrycodes")).toBe("mx");
    expect(url.searchParams.get("limit")).toBe("5");
    expect(headers["accept-language"]).toBe("es");
    expect(warn).not.toHaveBeenCalled();
  });

  it("an empty answer is no result", async () => {
    handler = answer(200, "[]");
    expect(await httpGeocoder({ url: base }).search("Calle que no existe 1")).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it("empty or blank input asks nothing", async () => {
    handler = answer(200, JSON.stringify(ROMA));
    const geocoder = httpGeocoder({ url: base });
    expect(await geocoder.search("")).toEqual([]);
    expect(await geocoder.search("   ")).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it("a 500 gives [] (and a warning without the address)", async () => {
    handler = answer(500, JSON.stringify(ROMA));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await httpGeocoder({ url: base }).search("Av. Álvaro Obregón 130")).toEqual([]);
    expect(requests).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith("[geocoder] no result: HTTP 500");
  });

  it("a server that never answers gives [] after the timeout", async () => {
    // The answer never comes (afterAll closes the connection): without the timeout this would wait for ever and the
    // test would fail on vitest's own limit; no wall-clock margin is asserted.
    handler = () => {};
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await httpGeocoder({ url: base, timeoutMs: 150 }).search("Av. Álvaro Obregón 130")).toEqual([]);
    expect(warn).toHaveBeenCalledWith("[geocoder] no result: TimeoutError");
  });

  it.each([
    ["not JSON", "<html>busy</html>"],
    ["an object, not a list", JSON.stringify({ lat: "19.4", lon: "-99.1", display_name: "x" })],
    ["a coordinate that is not a number", JSON.stringify([{ lat: "norte", lon: "-99.1", display_name: "x" }])],
    ["a null coordinate", JSON.stringify([{ lat: null, lon: "-99.1", display_name: "x" }])],
    ["a latitude out of range", JSON.stringify([{ lat: "123", lon: "-99.1", display_name: "x" }])],
    ["a missing label", JSON.stringify([{ lat: "19.4", lon: "-99.1" }])],
  ])("malformed JSON (%s) gives []", async (_name, body) => {
    handler = answer(200, body);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await httpGeocoder({ url: base }).search("Av. Álvaro Obregón 130")).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it("a server that is not there gives []", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await httpGeocoder({ url: `http://127.0.0.1:${port}/search` }).search("Av. Álvaro Obregón 130")).toEqual([]);
  });
});

describe("the configured geocoder", () => {
  afterEach(() => resetEnvCache());

  it("is the null geocoder by default: always [], never a request", async () => {
    vi.stubEnv("GEOCODER_URL", "");
    resetEnvCache();
    expect(configuredGeocoder()).toBe(nullGeocoder);
    expect(await nullGeocoder.search("Av. Álvaro Obregón 130")).toEqual([]);
  });

  it("GEOCODER_URL switches on the HTTP geocoder", async () => {
    vi.stubEnv("GEOCODER_URL", base);
    resetEnvCache();
    handler = answer(200, JSON.stringify(ROMA));
    const results = await configuredGeocoder().search("06700, México");
    expect(results[0]).toMatchObject({ lat: 19.4192, lng: -99.1613 });
    expect(requests).toHaveLength(1);
  });
});
