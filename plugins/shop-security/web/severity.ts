/** The chip colour of each severity. */
export const severityColor = { critical: 'error', high: 'error', medium: 'warning', low: 'info' } as const;
