import type { NotationError } from '../errors.js';

/** The error codes of engine failures. */
export type EngineErrorCode =
  | 'ERR_ENGINE_TIMEOUT'
  | 'ERR_ENGINE_TERMINATED'
  | 'ERR_ENGINE_PROTOCOL'
  | 'ERR_ENGINE_NOT_FOUND'
  | 'ERR_ENGINE_OPTION'
  | 'ERR_ENGINE_POSITION'
  | 'ERR_ENGINE_HEALTH'
  | 'ERR_ENGINE_CLOSED';

/**
 * Every engine call settles: it resolves, or rejects with an EngineError whose `code` says why.
 * `stderr` holds the engine's last error-output lines when it died.
 */
export class EngineError extends Error implements NotationError {
  readonly code: EngineErrorCode;
  readonly stderr?: string[];
  constructor(code: EngineErrorCode, message: string, stderr?: string[]) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    if (stderr && stderr.length) this.stderr = stderr;
  }

  /** Plain data (crosses postMessage and lands in JSON output). */
  toJSON(): { code: EngineErrorCode; message: string; stderr?: string[] } {
    return this.stderr
      ? { code: this.code, message: this.message, stderr: this.stderr }
      : { code: this.code, message: this.message };
  }
}

/** A line the engine sent that we could not make sense of; never fatal. */
export interface EngineWarning {
  code: 'WARN_ENGINE_LINE' | 'WARN_ENGINE_INFO' | 'WARN_ENGINE_OPTION' | 'WARN_ENGINE_STRAY';
  message: string;
  /** The engine's line as received. */
  text: string;
}
