import type { Transport, TransportExit, TransportHandlers } from './transport.js';

/**
 * One step of a scripted conversation: when the engine receives a line matching `expect`, it
 * answers with `reply` (after `delay` ms), or dies (`die`), or stays silent (`reply` absent).
 */
export interface MockStep {
  expect: string | RegExp;
  reply?: string[];
  delay?: number;
  /** Exit after replying, with these stderr lines. */
  die?: { stderr?: string[]; code?: number };
}

/** The lines a mock answers to `uci` (id, a few options, uciok). */
export function mockHandshake(name = 'Mock 1.0', extraOptions: string[] = []): string[] {
  return [
    `id name ${name}`,
    'id author gamenotation',
    'option name Hash type spin default 16 min 1 max 1024',
    'option name Threads type spin default 1 min 1 max 8',
    'option name MultiPV type spin default 1 min 1 max 256',
    'option name UCI_Chess960 type check default false',
    'option name UCI_AnalyseMode type check default false',
    'option name Clear Hash type button',
    ...extraOptions,
    'uciok',
  ];
}

/**
 * A scripted engine for tests (the model is python-chess's mock). Steps are consumed in order;
 * a line that does not match the next step is recorded in `unexpected` and otherwise ignored, as
 * a real engine would ignore it. `isready` is always answered with `readyok` unless a step
 * expects it, and `quit` ends it. Everything received is in `received`.
 */
export class MockTransport implements Transport {
  readonly name = 'mock';
  readonly received: string[] = [];
  readonly unexpected: string[] = [];
  private handlers?: TransportHandlers;
  private dead = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly steps: MockStep[],
    private readonly opts: { autoReady?: boolean } = {},
  ) {}

  /** Steps not yet consumed. */
  get pending(): readonly MockStep[] {
    return this.steps;
  }

  async start(handlers: TransportHandlers): Promise<void> {
    this.handlers = handlers;
  }

  send(line: string): void {
    if (this.dead) return;
    this.received.push(line);
    const step = this.steps[0];
    const matches = step && (typeof step.expect === 'string' ? step.expect === line : step.expect.test(line));
    if (!matches) {
      if (line === 'quit') this.exit({ code: 0, stderr: [] });
      else if (line === 'isready' && this.opts.autoReady !== false) this.emit(['readyok']);
      else this.unexpected.push(line);
      return;
    }
    this.steps.shift();
    const act = (): void => {
      if (step.reply) this.emit(step.reply);
      if (step.die) this.exit({ code: step.die.code ?? 1, stderr: step.die.stderr ?? [] });
    };
    if (step.delay) {
      const t = setTimeout(() => {
        this.timers.delete(t);
        act();
      }, step.delay);
      this.timers.add(t);
    } else act();
  }

  /** Sends engine output now. */
  emit(lines: string[]): void {
    for (const l of lines) if (!this.dead) this.handlers?.line(l);
  }

  /** Simulates the engine dying. */
  exit(reason: TransportExit): void {
    if (this.dead) return;
    this.dead = true;
    for (const t of this.timers) clearTimeout(t);
    this.handlers?.exit(reason);
  }

  kill(): void {
    if (this.dead) return;
    this.dead = true;
    for (const t of this.timers) clearTimeout(t);
    this.handlers?.exit({ signal: 'SIGKILL', stderr: [] });
  }
}
