import { roundTo } from './round.ts';

/** Depths are shown with one decimal, e.g. 12.5. */
export function formatDepth(metres: number): string {
  return roundTo(metres, 1).toFixed(1);
}

/** Hours are shown with one decimal. */
export function formatHours(hours: number): string {
  return roundTo(hours, 1).toFixed(1);
}

/** A person's hours with two decimals, so a quarter hour of travel or break is exact, e.g. 1.25. */
export function formatPersonHours(hours: number): string {
  return roundTo(hours, 2).toFixed(2);
}

/** Currency in dollars with two decimals and no grouping, e.g. $1234.50. */
export function formatCurrency(amount: number): string {
  const rounded = roundTo(amount, 2);
  return `${rounded < 0 ? '-' : ''}$${Math.abs(rounded).toFixed(2)}`;
}

/** A percentage with one decimal, e.g. 42.5%. */
export function formatPercent(percent: number): string {
  return `${roundTo(percent, 1).toFixed(1)}%`;
}
