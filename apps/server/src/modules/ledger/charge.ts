/** A price in creation counts or diamonds (the studio's and the daily tasks'). */
export interface CountsOrDiamonds {
  CAC: number;
  JE: number;
}

/**
 * What a person would pay for a generation: counts while they have them, diamonds after; null
 * when they have neither. `fee` (an author's fee, always diamonds) comes on top of either.
 */
export function chargeFrom(balances: CountsOrDiamonds, price: CountsOrDiamonds, fee = 0): { currency: 'CAC' | 'JE'; amount: number } | null {
  if (balances.CAC >= price.CAC && balances.JE >= fee) return { currency: 'CAC', amount: price.CAC };
  if (balances.JE >= price.JE + fee) return { currency: 'JE', amount: price.JE };
  return null;
}
