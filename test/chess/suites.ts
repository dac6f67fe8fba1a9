// Loads the perft suites: ../shared/data when present, else the small fixture of counts.
import { parsePerftSuite, type PerftCase } from 'gamenotation/chess';
import { readFixture, readShared } from '../support/data.js';

export async function standardSuite(): Promise<PerftCase[]> {
  const text = await readShared('data/chess/perft-standard.epd');
  const cases = text ? parsePerftSuite(text, 'chess') : (await fixtureSuite()).filter((c) => c.variant === 'chess');
  return cases;
}

export async function crazyhouseSuite(): Promise<PerftCase[]> {
  const text = await readShared('data/chess/perft-crazyhouse.perft');
  return text
    ? parsePerftSuite(text, 'crazyhouse')
    : (await fixtureSuite()).filter((c) => c.variant === 'crazyhouse' && !c.bughouse);
}

export async function fixtureSuite(): Promise<PerftCase[]> {
  return parsePerftSuite(await readFixture('chess/perft-counts.txt'));
}
