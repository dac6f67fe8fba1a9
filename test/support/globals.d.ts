// mocha-style hooks available under both runners (vitest gets them from vitest-setup.ts).
declare function before(fn: () => unknown): void;
declare function after(fn: () => unknown): void;
