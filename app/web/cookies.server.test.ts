import { createCookie, type Cookie } from "@remix-run/node";
import { rememberingCookie } from "./cookies.server";

const options = { secrets: ["new-secret", "old-secret"], path: "/", httpOnly: true, sameSite: "lax" as const };
const plain = createCookie("__pizza", options);
const signedWithOld = createCookie("__pizza", { ...options, secrets: ["old-secret"] });

/** A cookie that counts how often it really reads (verifies and decodes) a header. */
function counted(cookie: Cookie): Cookie & { reads: number } {
  const wrapped = Object.create(cookie) as Cookie & { reads: number };
  wrapped.reads = 0;
  wrapped.parse = (header, parseOptions) => {
    wrapped.reads++;
    return cookie.parse(header, parseOptions);
  };
  return wrapped;
}

const pair = (set: string) => set.split(";")[0]!;

describe("a remembering cookie", () => {
  it("reads every header as the cookie itself does, the first time and again", async () => {
    const session = { disposition: { orderType: "C", outletId: 1, outletName: "Roma Norte · Centro" }, cartUuid: "c0ffee", lastActivity: 1_795_201_200_000 };
    const good = pair(await plain.serialize(session));
    const [name, value] = good.split("=") as [string, string];
    const headers = [
      `__csrf=abc; ${good}; __device=x`,
      `${pair(await signedWithOld.serialize(session))}`, // an older secret still verifies
      `${name}=${value.slice(0, -2)}xx`, // a signature that does not verify
      `${name}=${value.replace(/^eyJ/, "eyK")}`, // a value changed under its signature
      `${name}=`,
      `${name}=${value}; ${name}=other`, // the first of two is the one read
      "__csrf=abc",
      `${pair(await plain.serialize(""))}`,
      `${pair(await plain.serialize(["a", 1, null]))}`,
      `${pair(await plain.serialize("ok"))}`,
    ];
    const remembering = rememberingCookie(plain);
    for (const header of headers) {
      const expected = await plain.parse(header);
      expect(await remembering.parse(header)).toEqual(expected);
      expect(await remembering.parse(header)).toEqual(expected);
    }
    expect(await remembering.parse(headers[0]!)).toEqual(session);
    expect(await remembering.parse(headers[2]!)).toBeNull();
    expect(await remembering.parse(null)).toBeNull();
    expect(remembering.name).toBe("__pizza");
    expect(remembering.isSigned).toBe(true);
    expect(await remembering.serialize("ok")).toBe(await plain.serialize("ok"));
  });

  it("verifies a header once, and hands each request a copy of its own to change", async () => {
    const cookie = counted(plain);
    const remembering = rememberingCookie(cookie);
    const header = pair(await plain.serialize({ disposition: { outletId: 1 }, cartUuid: "c0ffee" }));
    const first = (await remembering.parse(header)) as { disposition: { outletId: number }; cartUuid?: string };
    first.disposition.outletId = 99;
    delete first.cartUuid;
    expect(await remembering.parse(header)).toEqual({ disposition: { outletId: 1 }, cartUuid: "c0ffee" });
    expect(cookie.reads).toBe(1);
  });

  it("keeps the headers read last, up to its capacity, and reads a long header each time", async () => {
    const cookie = counted(plain);
    const remembering = rememberingCookie(cookie, 2);
    const [a, b, c] = await Promise.all(["a", "b", "c"].map(async (v) => pair(await plain.serialize(v))));
    for (const header of [a, b, a, c]) await remembering.parse(header!); // reads a, b, c; a was read again after b
    expect(cookie.reads).toBe(3);
    await remembering.parse(a!); // still kept: read more recently than b
    expect(cookie.reads).toBe(3);
    expect(await remembering.parse(b!)).toBe("b"); // b was the least recently read: read again
    expect(cookie.reads).toBe(4);

    const long = `${pair(await plain.serialize("long"))}; filler=${"x".repeat(2_100)}`;
    expect(await remembering.parse(long)).toBe("long");
    expect(await remembering.parse(long)).toBe("long");
    expect(cookie.reads).toBe(6);
  });
});
