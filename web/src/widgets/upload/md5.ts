/**
 * The MD5 of a file through the worker (FILE-003, FILE-042): resolves with the hex digest,
 * reports progress in bytes, rejects with `Md5ReadError` when the file cannot be read
 * (FILE-044) and with an AbortError when `signal` aborts (the worker is stopped).
 */
import type { Md5Reply } from './md5Job';
import { createMd5Worker } from './md5Worker';

export class Md5ReadError extends Error {
  constructor() {
    super('read error');
    this.name = 'Md5ReadError';
  }
}

export function fileMd5(file: Blob, { onProgress, signal }: { onProgress?: (loaded: number) => void; signal?: AbortSignal } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = createMd5Worker();
    const stop = () => {
      worker.terminate();
      reject(new DOMException('hashing cancelled', 'AbortError'));
    };
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    const end = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<Md5Reply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress?.(reply.loaded);
      else if (reply.type === 'done') {
        end();
        resolve(reply.md5);
      } else {
        end();
        reject(new Md5ReadError());
      }
    };
    worker.onerror = () => {
      end();
      reject(new Md5ReadError());
    };
    worker.postMessage({ file });
  });
}
