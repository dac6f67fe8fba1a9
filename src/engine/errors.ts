import { NotationFailure } from '../errors.js';

/** The error codes of engine failures. */
export type EngineErrorCode =
  | 'ERR_ENGINE_TIMEOUT'
  | 'ERR_ENGINE_TERMINATED'
  | 'ERR_ENGINE_PROTOCOL'
  | 'ERR_ENGINE_NOT_FOUND'
  | 'ERR_ENGINE_OPTION'
  | 'ERR_ENGINE_POSITION'
  | 'ERR_ENGINE_LIMIT'
  | 'ERR_ENGINE_HEALTH'
  | 'ERR_ENGINE_CLOSED';

/**
 * Every engine call settles: it resolves, or rejects with an EngineError whose `code` says why.
 * `stderr` holds the engine's last error-output lines when it died.
 */
export class EngineError extends NotationFailure {
  declare readonly code: EngineErrorCode;
  /** The engine's last lines on its error stream, when it ended. */
  readonly stderr?: string[];
  constructor(code: EngineErrorCode, message: string, stderr?: string[]) {
    super({ code, message });
    this.name = 'EngineError';
    if (stderr && stderr.length) this.stderr = stderr;
  }

  /** Plain data (crosses postMessage and lands in JSON output). */
  toJSON(): { code: EngineErrorCode; message: string; stderr?: string[] } {
    const message = this.error.message;
    return this.stderr ? { code: this.code, message, stderr: this.stderr } : { code: this.code, message };
  }
}

/** A line the engine sent that we could not make sense of; never fatal. */
export interface EngineWarning {
  code: 'ERR_ENGINE_LINE' | 'ERR_ENGINE_INFO' | 'ERR_ENGINE_OPTION_LINE' | 'ERR_ENGINE_STRAY' | 'ERR_ENGINE_PV';
  message: string;
  /** The engine's line as received (its first 200 characters). */
  text: string;
}

/** How much of an engine line a warning keeps. */
const WARNING_TEXT = 200;

/** A warning, keeping only the start of a long line. */
export function engineWarning(code: EngineWarning['code'], message: string, text: string): EngineWarning {
  return { code, message, text: text.length > WARNING_TEXT ? `${text.slice(0, WARNING_TEXT)}…` : text };
}
