/**
 * Digits as the forms check them: the Arabic-Indic (٠–٩, U+0660–0669) and Eastern Arabic-Indic (۰–۹, U+06F0–06F9)
 * digits an Arabic keyboard types become 0–9, so a phone, a postal code, an order or card number typed in Arabic is
 * the number it reads as, and an address's numbers reach the store and the driver as Mexican digits.
 */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}
