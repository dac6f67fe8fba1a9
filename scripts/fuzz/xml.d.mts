export const xmlTarget: { name: string; ext: string; seeds: string[]; tokens: string[] };
