// Without zod, for the pages that show a card (loyalty-card.ts has the schema and re-exports it): issue 15.

/** "600000000000012" shown as "•••• 0012": what the profile shows of an attached card. */
export function maskCardNumber(card: string): string {
  return `•••• ${card.slice(-4)}`;
}
