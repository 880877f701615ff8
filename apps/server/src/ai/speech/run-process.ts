import { spawn } from 'node:child_process';

/** What a finished process wrote and how it ended. */
export interface ProcessOutput {
  stdout: Buffer;
  stderr: string;
  code: number | null;
}

/**
 * Runs `command` with an argument array (never a shell, so text cannot become a command),
 * feeds `input` on stdin, and kills the process when `timeoutMs` passes or `signal` aborts.
 */
export function runProcess(command: string, args: string[], options: { input?: Buffer | string; timeoutMs: number; signal?: AbortSignal; maxOutputBytes?: number }): Promise<ProcessOutput> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason ?? new Error('aborted'));
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: Error | null = null;
    const stop = (err: Error) => {
      failure ??= err;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(new Error(`${command} took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
    const onAbort = () => stop(options.signal?.reason instanceof Error ? options.signal.reason : new Error('aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (options.maxOutputBytes && size > options.maxOutputBytes) return stop(new Error(`${command} wrote more than ${options.maxOutputBytes} bytes`));
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    // a process that exits before reading all of stdin would otherwise throw EPIPE
    child.stdin.on('error', () => undefined);
    child.on('error', (err) => {
      failure ??= err;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(failure);
      resolve({ stdout: Buffer.concat(chunks), stderr, code });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Whether `command` can be started here (answers false when it is not installed). */
export async function canRun(command: string, args: string[]): Promise<boolean> {
  try {
    const out = await runProcess(command, args, { timeoutMs: 5000 });
    return out.code === 0;
  } catch {
    return false;
  }
}
