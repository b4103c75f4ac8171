import { optionLabel } from "./option-label";

describe("optionLabel", () => {
  it("labels a frozen option (a catalogue snapshot's) once per language", () => {
    const crust = Object.freeze({ id: 7, name: "Orilla rellena", priceCents: 4_000 });
    const label = vi.fn((text: string) => text);
    expect(optionLabel(crust, "es", () => label("Grande, Orilla rellena: $229.00"))).toBe("Grande, Orilla rellena: $229.00");
    expect(optionLabel(crust, "es", () => label("again"))).toBe("Grande, Orilla rellena: $229.00");
    expect(label).toHaveBeenCalledTimes(1);
    // Another language is labelled in it, never given the first one's label.
    expect(optionLabel(crust, "en", () => label("Large, Stuffed crust: $229.00"))).toBe("Large, Stuffed crust: $229.00");
    expect(label).toHaveBeenCalledTimes(2);
  });

  it("labels an option that is not frozen (a card built for one page, or from JSON) each time", () => {
    const size = { id: 3, name: "Chica", priceCents: 12_900 };
    let made = 0;
    const label = () => `Chica: $${(129 + made++).toFixed(2)}`;
    expect(optionLabel(size, "es", label)).toBe("Chica: $129.00");
    expect(optionLabel(size, "es", label)).toBe("Chica: $130.00");
  });
});
