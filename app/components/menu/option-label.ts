/**
 * The labels of a product card's options ("Grande, Orilla rellena: $229.00"), each kept with the option it labels.
 *
 * The menu's cards are a catalogue snapshot's, built once per language and frozen (server/catalog/menu.ts), and an
 * option's label depends only on the language and the option itself (each crust is its own size's object). So a
 * frozen option is labelled once per snapshot and language rather than on every page: a page of four pizzas has 44
 * options, each a translation and a price to format (issue 15). Anything else (a card built for one page, or the
 * browser's, from JSON) is labelled each time.
 */
const kept = new WeakMap<object, { lng: string; label: string }>();

export function optionLabel(option: object, lng: string, label: () => string): string {
  if (!Object.isFrozen(option)) return label();
  const known = kept.get(option);
  if (known?.lng === lng) return known.label;
  const made = label();
  kept.set(option, { lng, label: made });
  return made;
}
