const russianNumber = new Intl.NumberFormat('ru-RU');

/** A service's price as the booking pages say it, in rubles; nothing when the schedule gives none. */
const rubles = (value: number) => `${russianNumber.format(value)} ₽`;

export function priceText({ priceMin, priceMax }: { priceMin?: number; priceMax?: number }): string | undefined {
  if (!priceMin && !priceMax) return undefined;
  if (priceMin && priceMax && priceMax > priceMin) return `${rubles(priceMin)} – ${rubles(priceMax)}`;
  return rubles((priceMin || priceMax) ?? 0);
}
