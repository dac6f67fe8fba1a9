// The part of cli-progress (no bundled types) that src/cli/progress.ts uses.
declare module 'cli-progress' {
  export class SingleBar {
    constructor(options: Record<string, unknown>);
    start(total: number, value: number, payload?: Record<string, unknown>): void;
    update(value: number, payload?: Record<string, unknown>): void;
    setTotal(total: number): void;
    stop(): void;
  }
  const cliProgress: { SingleBar: typeof SingleBar };
  export default cliProgress;
}
