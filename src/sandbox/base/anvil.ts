import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export class AnvilUnavailableError extends Error {
  constructor(reason: string) {
    super(
      `The local Base node (anvil from npm) could not start: ${reason}. Set BASE_RPC_URL (with BASE_UP_CONTRACT and BASE_START_BLOCK) to use another Base JSON-RPC node.`,
    );
    this.name = 'AnvilUnavailableError';
  }
}

/** The anvil binary shipped in the platform package of @foundry-rs/anvil (toolchain.md). */
function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  try {
    const json = createRequire(import.meta.url).resolve(`${pkg}/package.json`);
    return path.join(
      path.dirname(json),
      'bin',
      process.platform === 'win32' ? 'anvil.exe' : 'anvil',
    );
  } catch {
    throw new AnvilUnavailableError(`no ${pkg} package for this platform`);
  }
}

/**
 * Starts anvil on a free loopback port (port 0: the OS picks) with Base's chain id 8453 and
 * resolves once it listens. `stop()` ends it; so does this process exiting.
 */
export async function startAnvil(opts: { port?: number } = {}) {
  const bin = anvilBinary();
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(opts.port ?? 0),
    '--chain-id',
    '8453',
    '--silent',
  ];
  let child: ChildProcess;
  try {
    child = spawn(
      bin,
      args.filter((a) => a !== '--silent'),
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (err) {
    throw new AnvilUnavailableError((err as Error).message);
  }
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new AnvilUnavailableError('it did not listen within 15 s')),
      15_000,
    );
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new AnvilUnavailableError(err.message));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new AnvilUnavailableError(`it exited with code ${code}: ${out.slice(-300)}`));
    });
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Listening on (\d+\.\d+\.\d+\.\d+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', read);
        child.stdout?.resume();
        resolve(`http://${m[1]}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
  });
  child.removeAllListeners('exit');
  return {
    url,
    pid: child.pid,
    async stop() {
      process.off('exit', onExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
