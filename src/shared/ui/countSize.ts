// A count written large (a dashboard figure, an overview's total) that must fit its box at any width:
// "100,000" is 4.6 em wide in DejaVu Sans Bold (less in most fonts), so at 20% of its box's width it fits.

/** Makes the element the box its counts are sized by: its content width, whatever its text. */
export const countBoxSx = { containerType: 'inline-size' } as const;

/** A count's font size: `max`, or less where its box (countBoxSx, an ancestor) is too narrow for it. */
export const countFontSize = (max: string) => `min(${max}, 20cqi)`;
