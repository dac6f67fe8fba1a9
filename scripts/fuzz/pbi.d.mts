export const pbiTarget: { name: string; ext: string; seeds: string[]; tokens: string[] };
