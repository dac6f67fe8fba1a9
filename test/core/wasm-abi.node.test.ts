// A wasm module built for another interface version is refused loudly (ERR_WASM_ABI) by the one loader,
// src/wasm/load.ts. The loader is not a public subpath, so this Node-only test imports it from src/.
// The modules themselves: hand-assembled wasm binaries exporting abiVersion() → N (or nothing).
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WasmModule } from '../../src/wasm/load.js';
import { NotationFailure } from '../../src/errors.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A wasm module whose only export is `abiVersion(): i32` returning `version` (0..63), or one exporting nothing. */
function moduleBase64(version: number | null): string {
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (version === null) return Buffer.from(header).toString('base64');
  const name = [...'abiVersion'].map((c) => c.charCodeAt(0));
  const bytes = [
    ...header,
    0x01,
    0x05,
    0x01,
    0x60,
    0x00,
    0x01,
    0x7f, // type section: () -> i32
    0x03,
    0x02,
    0x01,
    0x00, // function section: one function of type 0
    0x07,
    3 + name.length + 1,
    0x01,
    name.length,
    ...name,
    0x00,
    0x00, // export section: "abiVersion" = function 0
    0x0a,
    0x06,
    0x01,
    0x04,
    0x00,
    0x41,
    version,
    0x0b, // code section: i32.const version; end
  ];
  return Buffer.from(bytes).toString('base64');
}

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    expect(e).to.be.instanceOf(NotationFailure);
    return (e as NotationFailure).code;
  }
  return undefined;
}

describe('wasm interface version (ERR_WASM_ABI)', () => {
  it('accepts a module of the expected version', async () => {
    const m = new WasmModule<{ abiVersion(): number }>('probe', moduleBase64(3), { abiVersion: 3 });
    expect((await m.init()).abiVersion()).to.equal(3);
    expect(
      new WasmModule<{ abiVersion(): number }>('probe', moduleBase64(3), { abiVersion: 3 }).exports().abiVersion(),
    ).to.equal(3);
  });

  it('refuses another version, synchronously and asynchronously, every time', async () => {
    const m = new WasmModule('probe', moduleBase64(2), { abiVersion: 3 });
    expect(codeOf(() => m.exports())).to.equal('ERR_WASM_ABI');
    expect(codeOf(() => m.exports())).to.equal('ERR_WASM_ABI');
    expect(m.ready).to.equal(false);
    const failure = await new WasmModule('probe', moduleBase64(2), { abiVersion: 3 }).init().then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).to.be.instanceOf(NotationFailure);
    expect((failure as NotationFailure).code).to.equal('ERR_WASM_ABI');
    expect((failure as NotationFailure).message).to.match(
      /probe\.wasm has interface version 2; this code needs version 3/,
    );
  });

  it('refuses a module that has no version at all (built before versions existed)', () => {
    expect(codeOf(() => new WasmModule('probe', moduleBase64(null), { abiVersion: 1 }).exports())).to.equal(
      'ERR_WASM_ABI',
    );
  });

  it('the TypeScript side and the AssemblyScript side state the same version', () => {
    const pairs: [string, RegExp, string, RegExp][] = [
      ['assembly/chess/layout.ts', /ABI_VERSION: i32 = (\d+);/, 'src/chess/wasm.ts', /CHESS_ABI = (\d+);/],
      ['assembly/bridge/state.ts', /ABI_VERSION: i32 = (\d+);/, 'src/bridge/dd/engine.ts', /BRIDGE_ABI = (\d+);/],
      [
        'assembly/problems/layout.ts',
        /ABI_VERSION: i32 = (\d+);/,
        'src/problems/solve/wasm.ts',
        /PROBLEMS_ABI = (\d+);/,
      ],
    ];
    for (const [as, asPattern, ts, tsPattern] of pairs) {
      const a = asPattern.exec(readFileSync(join(root, as), 'utf8'))?.[1];
      const t = tsPattern.exec(readFileSync(join(root, ts), 'utf8'))?.[1];
      expect(a, as).to.be.a('string');
      expect(t, `${ts} (${as})`).to.equal(a);
    }
  });

  it('the built modules carry the version the code expects', () => {
    for (const name of ['chess', 'bridge', 'problems']) {
      const module = new WebAssembly.Module(readFileSync(join(root, 'wasm-build', `${name}.wasm`)));
      expect(
        WebAssembly.Module.exports(module).some((e) => e.name === 'abiVersion' && e.kind === 'function'),
        name,
      ).to.equal(true);
    }
  });
});
