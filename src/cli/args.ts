// Option values checked the same way in every verb: a bad one is a UsageError (exit 2).
import { UsageError } from './exit.js';
import type { CommandContext } from './types.js';

/** An integer option in [min, max]; `fallback` when absent. */
export function intOption(
  ctx: CommandContext,
  name: string,
  range: { min: number; max?: number },
  fallback: number,
): number;
export function intOption(ctx: CommandContext, name: string, range: { min: number; max?: number }): number | undefined;
export function intOption(
  ctx: CommandContext,
  name: string,
  range: { min: number; max?: number },
  fallback?: number,
): number | undefined {
  const raw = ctx.options[name];
  if (raw === undefined) return fallback;
  const text = String(raw).trim();
  const value = Number(text);
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  if (!/^-?\d+$/.test(text) || value < range.min || value > max) {
    throw new UsageError(
      `--${name} needs an integer ${range.max === undefined ? `>= ${range.min}` : `from ${range.min} to ${max}`}, not '${text}'`,
    );
  }
  return value;
}

/** A string option that must be one of `choices` (case-insensitive); undefined when absent. */
export function choiceOption(ctx: CommandContext, name: string, choices: readonly string[]): string | undefined {
  const raw = ctx.options[name];
  if (raw === undefined) return undefined;
  const value = String(raw).toLowerCase();
  if (!choices.includes(value)) throw new UsageError(`unknown --${name} '${String(raw)}' (${choices.join(', ')})`);
  return value;
}

/** The first positional, or a UsageError naming what is missing. */
export function requirePositional(ctx: CommandContext, what: string, usage: string): string {
  const value = ctx.positionals[0];
  if (value === undefined || value === '') throw new UsageError(`missing ${what}\nusage: ${usage}`);
  return value;
}
