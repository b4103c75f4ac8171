import MarkdownIt from "markdown-it";
import { RENDERED_CAPACITY, RENDERED_MAX_SOURCE, renderMarkdown } from "./markdown";

describe("content Markdown (rendered on the server, sanitised)", () => {
  it("renders the Markdown a content page uses: headings from h2, lists, emphasis, links, tables", () => {
    const html = renderMarkdown("# Pedidos\n\nTexto con **negritas** y [la ayuda](/faq).\n\n- uno\n- dos\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n");
    expect(html).toContain("<h2>Pedidos</h2>");
    expect(html).toContain("<strong>negritas</strong>");
    expect(html).toContain('<a href="/faq">la ayuda</a>');
    expect(html).toContain("<ul>\n<li>uno</li>");
    expect(html).toContain('<td style="text-align:right">2</td>');
    expect(html).not.toContain("<h1");
  });

  it("raw HTML is text, never markup: a script, an iframe, an event handler", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<script|<iframe|<img/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("links only to http(s), mail and phone; javascript:, data: and vbscript: links are not links", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)", "java\tscript:alert(1)"]) {
      const html = renderMarkdown(`[x](${href})`);
      expect(html, href).not.toMatch(/href="(?!\/|https?:|mailto:|tel:)/i);
      expect(html, href).not.toContain("<a ");
    }
    expect(renderMarkdown("[c](mailto:atencion@example.mx) [t](tel:+528005557492)")).toContain('href="tel:+528005557492"');
  });

  it("links that leave the site get rel=noopener; images only from this site, lazy; a protocol-relative link is dropped", () => {
    expect(renderMarkdown("[sitio](https://example.mx)")).toContain('<a href="https://example.mx" rel="noopener noreferrer nofollow">');
    expect(renderMarkdown("![La masa](/images/topics/masa.svg)")).toContain('<img src="/images/topics/masa.svg" alt="La masa" loading="lazy" />');
    // Another site's picture would be blocked by the pages' CSP (img-src 'self') and show broken: its alt text instead.
    for (const src of ["https://cdn.example.mx/a.png", "http://cdn.example.mx/a.png", "//cdn.example.mx/a.png", "data:image/png;base64,AAAA"]) {
      const html = renderMarkdown(`Antes ![logo de otro sitio](${src}) después`);
      expect(html, src).not.toContain("<img");
      expect(html, src).toContain("logo de otro sitio");
    }
    expect(renderMarkdown("[x](//evil.example)")).not.toContain("//evil.example\"");
  });

  it("renders a source once while it is among the last rendered, and keeps no more than its capacity", () => {
    const render = vi.spyOn(MarkdownIt.prototype, "render");
    try {
      const source = "Precios en pesos mexicanos, IVA incluido.";
      const first = renderMarkdown(source);
      expect(renderMarkdown(source)).toBe(first);
      expect(render).toHaveBeenCalledTimes(1);
      for (let i = 0; i < RENDERED_CAPACITY; i++) renderMarkdown(`texto ${i}`);
      render.mockClear();
      expect(renderMarkdown(source)).toBe(first);
      expect(render).toHaveBeenCalledTimes(1); // pushed out by newer texts: rendered again, the same
      // Read again, a text stays while newer ones come: the least recently read goes first.
      for (let i = 0; i < RENDERED_CAPACITY - 1; i++) renderMarkdown(`otro ${i}`);
      renderMarkdown(source);
      renderMarkdown("uno más");
      render.mockClear();
      renderMarkdown(source);
      expect(render).not.toHaveBeenCalled();
      render.mockClear();
      const long = "texto largo ".repeat(RENDERED_MAX_SOURCE / 12 + 1);
      expect(renderMarkdown(long)).toBe(renderMarkdown(long));
      expect(render).toHaveBeenCalledTimes(2); // too long to keep: rendered each time
    } finally {
      render.mockRestore();
    }
  });
});
