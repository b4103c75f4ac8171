import { isCampaignName, isImagePath, siteLink } from "./links";

describe("banner and campaign links", () => {
  it.each([
    ["/campaign/noche-de-pizza", "/campaign/noche-de-pizza"],
    ["  /order/pizzas?x=1#top ", "/order/pizzas?x=1#top"],
    ["/a/../b", "/b"],
    ["https://pizza.example/promo?x=1", "/promo?x=1"],
  ])("%s is this site's %s", (text, path) => {
    expect(siteLink(text, "https://pizza.example")).toBe(path);
  });

  it.each([
    "", "//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/x", "javascript:alert(1)", "data:text/html,x", "https://evil.example/x",
    "http://pizza.example/x", "https://user:pw@pizza.example/x", "evil.example", "campaign/x", `/${"x".repeat(300)}`, "/x y",
  ])("%j is refused", (text) => {
    expect(siteLink(text, "https://pizza.example")).toBeNull();
  });

  it("without the chain's address only paths are taken", () => {
    expect(siteLink("https://pizza.example/x")).toBeNull();
    expect(siteLink("/x")).toBe("/x");
  });

  it("images are public image files; names are URL segments", () => {
    expect(isImagePath("/images/banners/noche-de-pizza.svg")).toBe(true);
    for (const bad of ["/images/../server.ts", "/images/x.svg?x", "https://x/images/a.svg", "/build/x.js", "/images/x.html", "/images/.svg"]) {
      expect(isImagePath(bad), bad).toBe(false);
    }
    expect(isCampaignName("noche-de-pizza")).toBe(true);
    for (const bad of ["-x", "x-", "X", "a_b", "", "a".repeat(61), "__proto__"]) expect(isCampaignName(bad), bad).toBe(false);
  });
});
