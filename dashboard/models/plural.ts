/** "1 conversation", "3 conversations", "1,200 messages": a count with its noun, for English console text. */
export const plural = (n: number, one: string): string => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;
