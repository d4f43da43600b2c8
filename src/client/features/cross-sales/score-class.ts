/** Spec 001 §9: a score of 80 or more is green, 65 or more yellow, otherwise neutral. */
export function scoreClass(score: number): string {
  if (score >= 80) return 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100';
  if (score >= 65) return 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100';
  return 'bg-muted text-foreground';
}
