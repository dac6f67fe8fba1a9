/**
 * What crosses the worker boundary besides Comlink's own messages: errors with their code, and the
 * ready signal the worker sends once its script has run.
 *
 * Comlink serialises a thrown Error as name, message and stack only, so a `NotationFailure` would
 * arrive without `.code`. We replace Comlink's "throw" transfer handler (keeping its `canHandle`,
 * which knows Comlink's private marker) on both sides: each side has its own bundled Comlink copy.
 */
import { transferHandlers } from 'comlink/dist/esm/comlink.mjs';
import { NotationFailure, type NotationError } from '../errors.js';

/** The first message a worker posts: its script ran and Comlink listens. */
export const READY_MESSAGE = 'gamenotation:worker-ready';

interface WireError {
  isError: true;
  name: string;
  message: string;
  stack?: string;
  /** The NotationError of a NotationFailure, or just a code carried by another error. */
  error?: NotationError;
  code?: string;
}

type ThrowHandler = {
  canHandle(value: unknown): boolean;
  serialize(value: { value: unknown }): [unknown, Transferable[]];
  deserialize(value: unknown): unknown;
};

const ERROR_TYPES: Record<string, new (message: string) => Error> = {
  TypeError,
  RangeError,
  SyntaxError,
  EvalError,
  ReferenceError,
  URIError,
};

let registered = false;

/** Installs the error transfer handler once per side (called when a worker or a client is created). */
export function registerErrorTransfer(): void {
  if (registered) return;
  registered = true;
  const original = transferHandlers.get('throw') as unknown as ThrowHandler;
  const handler: ThrowHandler = {
    canHandle: (value) => original.canHandle(value),
    serialize({ value }) {
      if (!(value instanceof Error)) return original.serialize({ value });
      const wire: WireError = { isError: true, name: value.name, message: value.message, stack: value.stack };
      if (value instanceof NotationFailure) wire.error = { ...value.error };
      const code = (value as { code?: unknown }).code;
      if (typeof code === 'string') wire.code = code;
      return [wire, []];
    },
    deserialize(value) {
      const wire = value as Partial<WireError> & { value?: unknown };
      if (!wire.isError || typeof wire.name !== 'string') return original.deserialize(value);
      throw reviveError(wire as WireError);
    },
  };
  transferHandlers.set('throw', handler as never);
}

function reviveError(wire: WireError): Error {
  let error: Error;
  if (wire.error && typeof wire.error.code === 'string') error = new NotationFailure(wire.error);
  else {
    const Type = ERROR_TYPES[wire.name] ?? Error;
    error = new Type(wire.message);
    if (error.name !== wire.name) error.name = wire.name;
    if (wire.code !== undefined) (error as Error & { code?: string }).code = wire.code;
  }
  // The worker's stack says where it failed; ours would only point into Comlink.
  if (wire.stack) error.stack = wire.stack;
  return error;
}
